import { Card, Grid, Heading, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { homeFigures } from "~/models/dashboard.server";
import { getSettings } from "~/models/settings.server";
import { requirePermission } from "~/utils/auth.server";
import { businessToday } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { can } from "~/utils/permissions";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = () => [{ title: "Home · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "home");
  const db = await getDb();
  const settings = await getSettings(db);
  const figures = await homeFigures(db, businessToday(settings.system.timeZone));
  const showMoney = can(user.viewRole, "invoices");
  return json({
    name: user.name,
    role: user.viewRole,
    figures: {
      ...figures,
      outstanding: showMoney ? figures.outstanding : null,
      overdueInvoices: showMoney ? figures.overdueInvoices : null,
      customers: can(user.viewRole, "customers") ? figures.customers : null,
      pendingQuotes: can(user.viewRole, "quotes") ? figures.pendingQuotes : null,
    },
  });
}

export default function Home() {
  const { name, figures } = useLoaderData<typeof loader>();
  const cards = [
    figures.customers !== null && { title: "Customers", value: figures.customers.toLocaleString("en-US"), note: "total customers", to: "/customers" },
    { title: "Active Jobs", value: figures.activeJobs.toLocaleString("en-US"), note: "quoted, approved or in progress", to: "/jobs" },
    figures.pendingQuotes !== null && { title: "Pending Quotes", value: figures.pendingQuotes.toLocaleString("en-US"), note: "awaiting approval", to: "/quotes" },
    figures.overdueInvoices !== null && { title: "Overdue Invoices", value: figures.overdueInvoices.toLocaleString("en-US"), note: "need attention", to: "/invoices" },
    figures.outstanding !== null && { title: "Outstanding", value: formatMoney(figures.outstanding), note: "unpaid invoice balances", to: "/invoices" },
  ].filter(Boolean) as { title: string; value: string; note: string; to: string }[];
  return (
    <>
      <Heading as="h1" size="7" mb="1">
        Welcome back, {name}
      </Heading>
      <Text as="p" color="gray" mb="5">
        Here is where the business stands today.
      </Text>
      <Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="4">
        {cards.map((card) => (
          <Card key={card.title} asChild>
            <Link to={card.to} className="plain">
              <Text as="div" size="2" color="gray">
                {card.title}
              </Text>
              <Text as="div" size="7" weight="bold" data-testid={`metric-${card.title}`}>
                {card.value}
              </Text>
              <Text as="div" size="1" color="gray">
                {card.note}
              </Text>
            </Link>
          </Card>
        ))}
      </Grid>
    </>
  );
}
