import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./utils/nonce";

export const streamTimeout = 5_000;

/**
 * Renders the whole document, then answers it as one buffer. Our loaders await all their data (no
 * `defer`), so streaming the shell first would send nothing earlier; buffering saves the per-chunk
 * web-stream plumbing and socket writes of a ~2 KB-chunked stream (docs/performance.md, issue 16)
 * and lets the response carry a Content-Length.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    let shellReady = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      // No 'close' after 'finish': React's pipe() listens for it as "the destination closed early"
      // and would abort its finished render, ending the stream a second time (a NodeError built
      // and thrown away on every page).
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          if (!failed) pipe(body);
        },
        onShellError(error: unknown) {
          failed = true;
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error before the shell goes to onShellError (Remix renders the error page and logs it).
          if (shellReady) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Logged on the server only; the browser sees the friendly error page.
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
}
