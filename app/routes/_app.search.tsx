import { Badge, Card, Flex, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { universalSearch } from "~/models/dashboard.server";
import { requirePermission } from "~/utils/auth.server";
import { can } from "~/utils/permissions";
import { getDb } from "~/utils/db.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Search · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "home");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const all = await universalSearch(await getDb(), q);
  // Results only from areas this role may open.
  const allowed = all.filter((r) =>
    can(user.viewRole, r.type === "Customer" ? "customers" : r.type === "Job" ? "jobs" : "quotes"),
  );
  return json({ q, results: allowed });
}

export default function Search() {
  const { q, results } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Search"
        subtitle={q ? `Results for "${q}"` : "Search customers, jobs and quotes from the box above."}
      />
      {q.trim() && results.length === 0 ? <EmptyState title={`No results found for "${q}"`} /> : null}
      <Flex direction="column" gap="2">
        {results.map((r) => (
          <Card key={`${r.type}-${r.id}`} asChild>
            <Link to={r.href} className="plain" data-testid="search-result">
              <Flex gap="3" align="center">
                <Badge>{r.type}</Badge>
                <div>
                  <Text as="div" weight="medium">
                    {r.title}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {r.subtitle}
                    {r.status ? ` · Status: ${r.status}` : ""}
                  </Text>
                </div>
              </Flex>
            </Link>
          </Card>
        ))}
      </Flex>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
