import sanitizeHtml from "sanitize-html";

// The editor's HTML is kept to what the rich editor makes (headings, emphasis, lists, quotes, code, links, images),
// on the server, whatever the client sent: anything else (scripts, event handlers, styles, iframes, javascript:
// links) is dropped, and text stays text. Posts are written by admins, but an admin's session is a door too.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "code",
    "pre",
    "hr",
    "img",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt", "width", "height"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // A heading 1 is the page's title: the body's start at level 2.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: {
          ...(attribs.href ? { href: attribs.href } : {}),
          ...(external ? { rel: "nofollow noopener noreferrer ugc", target: "_blank" } : {}),
        },
      };
    },
  },
  // An image whose address was refused shows nothing: drop it.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  disallowedTagsMode: "discard",
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The body's words as plain text (feeds' summaries, an empty-body check). */
export function postHtmlText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|figcaption)>|<br\s*\/?>/gi, "$& ");
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
