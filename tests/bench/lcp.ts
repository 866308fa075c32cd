// Largest Contentful Paint of a cold first visit under a P75 phone profile (issue 16): 9 Mbps down,
// 100 ms round trip, CPU slowed 4×, measured in Debian's Chromium through playwright-core and CDP
// (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate). Each run is a new browser
// context (empty cache) at 390×844; the page's own PerformanceObserver reports the last LCP entry
// once the page has loaded and the network is idle.
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const PHONE = { downMbps: 9, upMbps: 1.5, rttMs: 100, cpuSlowdown: 4 };

export type LcpResult = { lcpMs: number; transferKb: number; jsKb: number; cssKb: number };

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

export async function measureLcp(browser: Browser, url: string, cookie: string): Promise<LcpResult> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const [name, ...value] = cookie.split("=");
    if (name) await context.addCookies([{ name, value: value.join("="), url }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE.rttMs,
      downloadThroughput: (PHONE.downMbps * 1_000_000) / 8,
      uploadThroughput: (PHONE.upMbps * 1_000_000) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
    const types = new Map<string, string>();
    const bytes = { all: 0, js: 0, css: 0 };
    cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
    cdp.on("Network.loadingFinished", (e) => {
      bytes.all += e.encodedDataLength;
      const type = types.get(e.requestId);
      if (type === "Script") bytes.js += e.encodedDataLength;
      if (type === "Stylesheet") bytes.css += e.encodedDataLength;
    });
    const res = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (!res || res.status() !== 200) throw new Error(`${url} answered ${res?.status()}`);
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    return { lcpMs: lcp, transferKb: bytes.all / 1024, jsKb: bytes.js / 1024, cssKb: bytes.css / 1024 };
  } finally {
    await context.close();
  }
}
