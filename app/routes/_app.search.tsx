// The header search's results (spec §2 Universal search; docs/decisions/search.md): without
// JavaScript the header's GET form lands here; with it the header's type-ahead loads this loader.
import { Badge, Button, Card, Flex, Text } from "~/components/ui";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { SEARCH_BADGE_COLOR } from "~/components/header-search";
import { SEARCH_LIMIT, listSearchHref, searchTypesFor, universalSearch } from "~/models/search.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = () => [{ title: "Search · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "home");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const results = await universalSearch(await getDb(), q, user.viewRole);
  const types = searchTypesFor(user.viewRole);
  // At the cap there may be more: each list's own search shows them all, paged.
  const more = results.length >= SEARCH_LIMIT ? types.map((type) => ({ type, to: listSearchHref(type, q) })) : [];
  return json({ q, results, types, more });
}

const typeNouns = (types: string[]) =>
  types
    .map((t) => `${t.toLowerCase()}s`)
    .join(", ")
    .replace(/, ([^,]*)$/, " and $1");

export default function Search() {
  const { q, results, types, more } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Search"
        subtitle={q ? `Results for "${q}"` : `Search ${typeNouns(types)} from the box above.`}
      />
      {q.trim() && results.length === 0 ? <EmptyState title={`No results found for "${q}"`} /> : null}
      <Flex direction="column" gap="2">
        {results.map((r) => (
          <Card key={`${r.type}-${r.id}`} asChild>
            <Link to={r.href} className="plain" data-testid="search-result">
              <Flex gap="3" align="center">
                <Badge color={SEARCH_BADGE_COLOR[r.type]}>{r.type}</Badge>
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
      {more.length ? (
        <div data-testid="search-more">
          <Text as="p" size="2" color="gray" mt="4" mb="2">
            {`The first ${results.length} matches. Every match, in its list:`}
          </Text>
          <Flex gap="2" wrap="wrap">
            {more.map(({ type, to }) => (
              <Button key={type} asChild variant="soft">
                <Link to={to}>{`${type}s`}</Link>
              </Button>
            ))}
          </Flex>
        </div>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
