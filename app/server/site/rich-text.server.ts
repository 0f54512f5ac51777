import { Lexer, type Token } from "marked";
import { isSafeHref, type RichBlock, type RichInline, type RichText } from "~/lib/rich-text";

// Staff write long texts in Markdown (a blank line between paragraphs, **bold**, *italic*,
// [links](https://...), lines starting with "- " or "1. " for lists). The library reads it; only
// the node kinds of `RichText` come out. Anything else (HTML, images, code, tables) is kept as the
// words it was typed as, so a stored <script> is shown as text and never run.

const lexerOptions = { gfm: true, breaks: false } as const;

function inlines(tokens: Token[] | undefined): RichInline[] {
  const out: RichInline[] = [];
  const push = (node: RichInline) => {
    const last = out.at(-1);
    if (typeof node === "string" && typeof last === "string") out[out.length - 1] = last + node;
    else if (node !== "") out.push(node);
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        push({ b: inlines(token.tokens) });
        break;
      case "em":
        push({ i: inlines(token.tokens) });
        break;
      case "link": {
        const children = inlines(token.tokens);
        if (isSafeHref(token.href)) push({ a: token.href, c: children });
        else for (const child of children) push(child);
        break;
      }
      case "br":
        push({ br: 1 });
        break;
      case "text":
        if (token.tokens?.length) for (const child of inlines(token.tokens)) push(child);
        else push(String(token.text));
        break;
      case "escape":
      case "codespan":
        push(String(token.text));
        break;
      case "del":
        for (const child of inlines(token.tokens)) push(child);
        break;
      default:
        // html, image and anything new: the characters as typed.
        push(String(token.raw ?? ""));
    }
  }
  return out;
}

function blocks(tokens: Token[]): RichBlock[] {
  const out: RichBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "space":
      case "hr":
      case "def":
        break;
      case "paragraph":
      case "heading":
        out.push({ p: inlines(token.tokens) });
        break;
      case "text":
        out.push({ p: token.tokens?.length ? inlines(token.tokens) : [String(token.text)] });
        break;
      case "list": {
        const items = (token.items as Token[]).map((item) =>
          blocks((item as { tokens?: Token[] }).tokens ?? []).flatMap((block, index) => {
            const words = "p" in block ? block.p : [];
            return index === 0 ? words : [{ br: 1 } as RichInline, ...words];
          }),
        );
        out.push(token.ordered ? { ol: items } : { ul: items });
        break;
      }
      case "blockquote":
        out.push(...blocks(token.tokens ?? []));
        break;
      default: {
        // html blocks, code, tables: shown as the text that was typed.
        const raw = String(token.raw ?? "").trim();
        if (raw) out.push({ p: [raw] });
      }
    }
  }
  return out.filter((block) => !("p" in block) || block.p.length > 0);
}

/** What staff typed, as the tree pages render. */
export function parseRichText(markdown: string): RichText {
  return blocks(new Lexer(lexerOptions).lex(markdown.replace(/\r\n?/g, "\n")));
}
