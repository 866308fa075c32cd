// Responses are gzipped for clients that ask: pages and JSON at level 4 (cheap on the server's one
// core), the fingerprinted assets under /b (the browser build) at level 9 (fetched once, cached for a year).
import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../setup/http";

function get(path: string, gzip = true) {
  return new Promise<{ status: number; encoding?: string; body: Buffer }>((resolve, reject) => {
    const req = http.get(`${baseUrl()}${path}`, { headers: gzip ? { "Accept-Encoding": "gzip" } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
  });
}

describe("compression", () => {
  it("gzips a page at level 4", async () => {
    const page = await get("/login");
    expect(page.status).toBe(200);
    expect(page.encoding).toBe("gzip");
    const html = zlib.gunzipSync(page.body);
    expect(html.toString("utf8")).toContain("</html>");
    // The document is written in one piece, so the stream's output is gzip's own at that level.
    expect(page.body.length).toBe(zlib.gzipSync(html, { level: 4 }).length);
    expect(page.body.length).toBeGreaterThan(zlib.gzipSync(html, { level: 9 }).length);
  });

  it("gzips the /b assets (the browser build) at level 9, byte for byte what they are", async () => {
    const login = zlib.gunzipSync((await get("/login")).body).toString("utf8");
    // The largest script the page loads (the small ones are under compression's 1 KB threshold).
    const assets = [...new Set(login.match(/\/b\/[^"']+\.js/g) ?? [])];
    const sized = await Promise.all(assets.map(async (path) => ({ path, plain: await get(path, false) })));
    const { path: asset, plain } = sized.sort((a, b) => b.plain.body.length - a.plain.body.length)[0];
    expect(plain.body.length).toBeGreaterThan(10_000);
    const packed = await get(asset);
    expect(packed.status).toBe(200);
    expect(packed.encoding).toBe("gzip");
    expect(zlib.gunzipSync(packed.body).equals(plain.body)).toBe(true);
    expect(packed.body.length).toBe(zlib.gzipSync(plain.body, { level: 9 }).length);
  });
});
