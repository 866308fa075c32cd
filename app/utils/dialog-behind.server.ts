// A record's dialogs are child routes of its list (`/invoices/5/pay` renders over `/invoices`), so a
// list row opens them in place. Opened from the record's own page they carry the way back
// (`redirectTo=/invoices/5`, `returnTo=…` or `from=detail`): then the list route renders that page
// underneath instead of the list, so the dialog sits over what the user was looking at
// (docs/decisions/tablet-layout.md, "dialogs over the page that opened them").

/** The id of the record whose page opened this dialog (`/invoices/5/pay?redirectTo=/invoices/5` → 5), else null. */
export function recordPageBehind(request: Request, list: string): number | null {
  const url = new URL(request.url);
  const match = url.pathname.match(/^\/[a-z-]+\/(\d+)\/[a-z-]+$/);
  if (!match || !url.pathname.startsWith(`${list}/`)) return null;
  const page = `${list}/${match[1]}`;
  const back = url.searchParams.get("redirectTo") ?? url.searchParams.get("returnTo");
  const fromPage = back === page || url.searchParams.get("from") === "detail";
  const id = Number(match[1]);
  return fromPage && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
