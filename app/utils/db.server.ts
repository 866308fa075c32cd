// The app's door to the shared connection in db/ (a `.server` module inside app/, so the
// browser build never includes the drivers).
export { getDb, rows, type Database, type Executor, type Tx } from "../../db/client.server";
