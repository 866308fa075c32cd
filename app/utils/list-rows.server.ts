// A list page's rows travel once (docs/decisions/list-rows-once.md). On a document request the rows
// are rendered into the HTML and the page hydrates its list body from that markup, so they are left
// out of the data Remix serialises for hydration; a client navigation (a `.data` request: filtering
// as you type, Next, revalidation after an action) gets them as data and React renders them. Each
// row's menu that needs more than the row's id on the client (what its items link to) gets those
// fields as `menus`, always sent; a menu drawn from the id alone needs nothing (DataTable).

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
 * The loader data of a list: `data`, plus `shown` (how many rows this page has: the empty state
 * reads it), `menus` (each row's `menuKey`, always sent) and `rows`. Without `menuKey` there is no
 * `menus`: a list whose row menus need only the row's id (DataTable without `keys`) or that has none
 * sends nothing per row but its markup.
 * On a document request `rows` is a non-enumerable property: the server render reads it (Remix hands
 * the loader's object to the render as is), the serialiser for hydration (turbo-stream walks
 * Object.keys) skips it, and in the browser `rows` is undefined until a client navigation brings
 * them — DataTable's `markupOnly` keeps the server's rows meanwhile. Return the result as is (a naked
 * object: `json()` would serialise the rows again), and read `data.rows` by name in the component:
 * a spread (`{...data}`, `<List {...data} />`) copies enumerable properties only and loses them.
 */
export function listRows<D extends object, R>(request: Request, data: D, rows: R[]): D & { rows?: R[]; shown: number };
export function listRows<D extends object, R, K extends { id: number }>(
  request: Request,
  data: D,
  rows: R[],
  menuKey: (row: R) => K,
): D & { rows?: R[]; shown: number; menus: K[] };
export function listRows<D extends object, R, K extends { id: number }>(
  request: Request,
  data: D,
  rows: R[],
  menuKey?: (row: R) => K,
) {
  const out = Object.assign(data, { shown: rows.length }, menuKey ? { menus: rows.map(menuKey) } : {});
  return rowsOnce(request, out, rows);
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

/**
 * A page's other short lists, drawn once as rowsOnce draws `rows` (the installer's Home: its
 * current jobs and Needs Attention beside My Tasks). On a document request each named key of `data`
 * that holds a non-empty array becomes non-enumerable: the server render reads it, the hydration
 * data leaves it out, and the component keeps the server's markup (MarkupOnly) while it reads
 * undefined in the browser. An empty list is sent as is, so the browser knows to draw the empty text.
 */
export function listsOnce<D extends object, K extends keyof D>(
  request: Request,
  data: D,
  ...keys: K[]
): Omit<D, K> & Partial<Pick<D, K>> {
  if (isDocumentRequest(request))
    for (const key of keys) {
      const value = data[key];
      if (Array.isArray(value) && value.length > 0) Object.defineProperty(data, key, { value, enumerable: false });
    }
  return data;
}
