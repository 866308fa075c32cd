import { Button, Flex, Text } from "~/components/ui";
import { Link, useSearchParams } from "@remix-run/react";

/** Server pagination links that keep the other query parameters (search, filters). */
export function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete("page");
    else next.set("page", String(p));
    const qs = next.toString();
    return qs ? `?${qs}` : ".";
  };
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Flex justify="between" align="center" pt="3" gap="3" wrap="wrap">
      {/* Template strings: one text node each, without React's `<!-- -->` between the parts. */}
      <Text size="2" color="gray">
        {`Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`}
      </Text>
      <Flex gap="2" align="center">
        {page > 1 ? (
          <Button asChild variant="soft" size="1">
            <Link to={href(page - 1)} rel="prev">
              Previous
            </Link>
          </Button>
        ) : null}
        <Text size="2">{`Page ${page} of ${pages}`}</Text>
        {page < pages ? (
          <Button asChild variant="soft" size="1">
            <Link to={href(page + 1)} rel="next">
              Next
            </Link>
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
