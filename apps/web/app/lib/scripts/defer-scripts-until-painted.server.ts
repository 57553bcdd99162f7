import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from "./deferred-scripts.ts";

const PRELOAD = '<link rel="modulepreload"';
const DEFERRED_PRELOAD = `<link rel="${DEFERRED_PRELOAD_REL}"`;
/** The one inline module script React Router's <Scripts> renders: `<script nonce="…" type="module" async="">`. */
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module" async="">/;

/**
 * Rewrites a page's HTML stream so that its module preloads and React Router's inline module script wait for the
 * first paint (deferred-scripts.ts). A tag may be split between chunks: text from a `<` not yet closed waits for the
 * next chunk.
 */
export function deferScriptsUntilPainted(): Transform {
  // A character split between chunks is held by the decoder, a tag split between chunks by `carry`.
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let moduleScriptSeen = false;
  const rewrite = (html: string) => {
    let out = html.replaceAll(PRELOAD, DEFERRED_PRELOAD);
    if (!moduleScriptSeen && MODULE_SCRIPT.test(out)) {
      moduleScriptSeen = true;
      out = out.replace(MODULE_SCRIPT, `$1 type="${DEFERRED_MODULE_TYPE}">`);
    }
    return out;
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const open = text.lastIndexOf("<");
      const cut = open > text.lastIndexOf(">") ? open : text.length;
      carry = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback) {
      const rest = carry + decoder.end();
      callback(null, rest ? rewrite(rest) : undefined);
    },
  });
}
