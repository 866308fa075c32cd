// A list page's rows travel once (docs/decisions/list-rows-once.md). On a document request the rows
// are rendered into the HTML and the page hydrates its list body from that markup, so they are left
// out of the data Remix serialises for hydration; a client navigation (a `.data` request: filtering
// as you type, Next, revalidation after an action) gets them as data and React renders them. Each
// row's menu needs a few fields on the client (its id, and what its items link to): those always
// travel, as `menus`.

/**
 * True for a browser's document navigation: `Sec-Fetch-Dest: document`, or, from a browser that does
 * not send Fetch Metadata, an Accept that asks for HTML first. Remix's own data requests (`fetch` of
 * `/customers.data`) send `Sec-Fetch-Dest: empty` and `Accept: *\/*`, so they always get the rows; a
 * client that sends neither header (curl) gets them too — a larger page, never a wrong one.
 */
export function isDocumentRequest(request: Request) {
  const dest = request.headers.get("Sec-Fetch-Dest");
  if (dest) return dest === "document";
  return (request.headers.get("Accept") ?? "").startsWith("text/html");
}

/**
 * The loader data of a list: `data`, plus `menus` (each row's `menuKey`, always sent) and `rows`.
 * On a document request `rows` is a non-enumerable property: the server render reads it (Remix hands
 * the loader's object to the render as is), the serialiser for hydration (turbo-stream walks
 * Object.keys) skips it, and in the browser `rows` is undefined until a client navigation brings
 * them — DataTable's `markupOnly` keeps the server's rows meanwhile. Return the result as is (a naked
 * object: `json()` would serialise the rows again), and read `data.rows` by name in the component:
 * a spread (`{...data}`, `<List {...data} />`) copies enumerable properties only and loses them.
 */
export function listRows<D extends object, R, K extends { id: number }>(
  request: Request,
  data: D,
  rows: R[],
  menuKey: (row: R) => K,
): D & { rows?: R[]; menus: K[] } {
  return rowsOnce(request, Object.assign(data, { menus: rows.map(menuKey) }), rows);
}

/**
 * `rows` as listRows sends them (HTML only on a document), for a screen without row menus (the
 * Schedule's events): no `menus`. Whatever the page needs of the rows besides drawing them (a count)
 * goes in `data`.
 */
export function rowsOnce<D extends object, R>(request: Request, data: D, rows: R[]): D & { rows?: R[] } {
  const out = data as D & { rows?: R[] };
  if (isDocumentRequest(request)) Object.defineProperty(out, "rows", { value: rows, enumerable: false });
  else out.rows = rows;
  return out;
}
