// Received e-mail HTML is hostile until proven otherwise. It is stored as received and cleaned
// here, on the way to any page or /api answer, with sanitize-html: no scripts, event handlers,
// forms, frames or <style> blocks; links only http(s)/mailto/tel and opened in a new tab; inline
// styles reduced to harmless text properties (nothing that could position an overlay over the
// app or load a URL). Remote images are tracking beacons as often as pictures: they are hidden
// unless the reader asks for them (the page also widens its CSP img-src only then).
import sanitizeHtml from "sanitize-html";

export type SafeEmailHtml = {
  html: string;
  /** Remote images left out (0 when they were allowed or there were none). */
  blockedImages: number;
};

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];
const LENGTH = /^(0|-?\d+(\.\d+)?(px|pt|em|rem|%))$/;
const LENGTHS = /^((0|\d+(\.\d+)?(px|pt|em|rem|%)|auto)\s*){1,4}$/;

const allowedStyles: Record<string, RegExp[]> = {
  color: COLOR,
  "background-color": COLOR,
  "text-align": [/^(left|right|center|justify|start|end)$/],
  "vertical-align": [/^(top|middle|bottom|baseline)$/],
  "font-weight": [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  "font-style": [/^(normal|italic|oblique)$/],
  "font-size": [LENGTH, /^(small|medium|large|x-large|xx-large|smaller|larger)$/],
  "font-family": [/^[\w\s,'"-]{1,200}$/],
  "line-height": [LENGTH, /^\d+(\.\d+)?$/],
  "text-decoration": [/^(none|underline|line-through|overline)$/],
  padding: [LENGTHS],
  "padding-top": [LENGTH],
  "padding-right": [LENGTH],
  "padding-bottom": [LENGTH],
  "padding-left": [LENGTH],
  margin: [LENGTHS],
  "margin-top": [LENGTH],
  "margin-bottom": [LENGTH],
  width: [LENGTH, /^auto$/],
  "max-width": [LENGTH],
  "border-collapse": [/^(collapse|separate)$/],
};

const REMOTE = /^(https?:)?\/\//i;

export function safeEmailHtml(raw: string, options: { remoteImages?: boolean } = {}): SafeEmailHtml {
  let blockedImages = 0;
  const html = sanitizeHtml(raw, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "font", "center"],
    allowedAttributes: {
      // target and rel are always ours (transformTags), whatever the message said.
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "title", "width", "height"],
      table: ["width", "border", "cellpadding", "cellspacing", "align"],
      td: ["colspan", "rowspan", "align", "valign", "width"],
      th: ["colspan", "rowspan", "align", "valign", "width"],
      font: ["color"],
      "*": ["style", "align", "dir", "lang"],
    },
    allowedClasses: { span: ["email-blocked-image"] },
    allowedStyles: { "*": allowedStyles },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: options.remoteImages ? ["http", "https", "data"] : ["data"] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
      }),
      img: (tagName, attribs) => {
        if (!options.remoteImages && REMOTE.test(attribs.src ?? "")) {
          blockedImages += 1;
          return {
            tagName: "span",
            attribs: { class: "email-blocked-image" },
            text: attribs.alt ? `[${attribs.alt}]` : "",
          };
        }
        return { tagName, attribs };
      },
    },
  });
  return { html, blockedImages };
}

/** The list's preview line: the first 80 characters of the text, whitespace collapsed. */
export function snippetOf(text: string | null | undefined): string | null {
  const collapsed = (text ?? "").replace(/\s+/g, " ").trim();
  return collapsed ? collapsed.slice(0, 80) : null;
}
