import { describe, expect, it } from "vitest";
import { replySubject, replyText } from "../../app/services/email-send.server";
import { subjectReferences } from "../../app/models/inbox.server";
import { safeEmailHtml, snippetOf } from "../../app/utils/email-html.server";

describe("safeEmailHtml", () => {
  it("removes scripts, event handlers, frames, forms and style blocks, keeping the text", () => {
    const { html } = safeEmailHtml(
      `<style>body{display:none}</style><p onclick="steal()">Hello <b>there</b></p><script>alert(1)</script>` +
        `<iframe src="https://x.test"></iframe><form action="https://x.test"><input name="p"></form>` +
        `<svg onload="alert(1)"></svg>`,
    );
    expect(html).toBe("<p>Hello <b>there</b></p>");
  });

  it("keeps http(s), mailto and tel links, opened safely in a new tab, and drops javascript: and data: links", () => {
    const { html } = safeEmailHtml(
      `<a href="https://shop.test/plans" target="_self" rel="opener">plans</a><a href="mailto:a@b.test">mail</a>` +
        `<a href="JaVaScRiPt:alert(1)">js</a><a href="data:text/html,<script>alert(1)</script>">data</a>` +
        `<a href="//evil.test">rel</a>`,
    );
    expect(html).toContain(
      '<a href="https://shop.test/plans" target="_blank" rel="noopener noreferrer nofollow">plans</a>',
    );
    expect(html).toContain('<a href="mailto:a@b.test" target="_blank" rel="noopener noreferrer nofollow">mail</a>');
    expect(html).not.toMatch(/javascript|data:text|evil\.test/i);
  });

  it("hides remote images unless asked, counting them, and always keeps inline data: images", () => {
    const raw =
      `<img src="https://track.test/open.gif"><img src="http://cdn.test/logo.png" alt="Logo">` +
      `<img src="//cdn.test/x.png"><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">`;
    const blocked = safeEmailHtml(raw);
    expect(blocked.blockedImages).toBe(3);
    expect(blocked.html).not.toMatch(/track\.test|cdn\.test/);
    expect(blocked.html).toContain("[Logo]");
    expect(blocked.html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    const shown = safeEmailHtml(raw, { remoteImages: true });
    expect(shown.blockedImages).toBe(0);
    expect(shown.html).toContain('src="https://track.test/open.gif"');
    expect(shown.html).toContain('src="http://cdn.test/logo.png"');
    // Protocol-relative URLs are never allowed: they would follow the page's scheme silently.
    expect(shown.html).not.toContain("//cdn.test/x.png");
  });

  it("keeps harmless inline styles and drops positioning, urls and expressions", () => {
    const { html } = safeEmailHtml(
      `<p style="color: #333; text-align: center; position: fixed; top: 0; ` +
        `background-image: url(https://t.test/x); width: expression(alert(1)); font-weight: bold">x</p>`,
    );
    expect(html).toBe('<p style="color:#333;text-align:center;font-weight:bold">x</p>');
  });
});

describe("snippetOf", () => {
  it("collapses whitespace and keeps the first 80 characters", () => {
    expect(snippetOf("  Hello\n\n  there  ")).toBe("Hello there");
    expect(snippetOf("x".repeat(100))).toHaveLength(80);
    expect(snippetOf("   ")).toBeNull();
    expect(snippetOf(null)).toBeNull();
  });
});

describe("subjectReferences", () => {
  it("finds the app's quote and invoice numbers and job references, case-insensitively, once each", () => {
    expect(subjectReferences("Re: Quote q-2026-0042 and INV-2026-0007 (Job #12), again Q-2026-0042")).toEqual({
      quoteNumbers: ["Q-2026-0042"],
      invoiceNumbers: ["INV-2026-0007"],
      jobIds: [12],
    });
  });

  it("ignores look-alikes", () => {
    expect(subjectReferences("FAQ-2026-0042 XINV-2026-1 job 12 Q-26-1")).toEqual({
      quoteNumbers: [],
      invoiceNumbers: [],
      jobIds: [],
    });
    expect(subjectReferences(null)).toEqual({ quoteNumbers: [], invoiceNumbers: [], jobIds: [] });
  });
});

describe("replies", () => {
  it("prefixes Re: once", () => {
    expect(replySubject("Kitchen")).toBe("Re: Kitchen");
    expect(replySubject("RE: Kitchen")).toBe("RE: Kitchen");
    expect(replySubject(null)).toBe("Re: (No subject)");
  });

  it("quotes the original under the reply", () => {
    const text = replyText("Sounds good.\n", {
      fromName: "Dana",
      fromEmail: "dana@x.test",
      receivedAt: new Date("2026-11-20T15:00:00Z"),
      bodyText: "Line one\nLine two",
    });
    expect(text).toBe(
      "Sounds good.\n\nOn Fri, 20 Nov 2026 15:00:00 GMT, Dana <dana@x.test> wrote:\n> Line one\n> Line two\n",
    );
  });
});
