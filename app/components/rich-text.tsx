import { Fragment } from "react";
import type { RichInline, RichText as RichTextValue } from "~/lib/rich-text";
import { cn } from "~/lib/utils";

function Inline({ nodes }: { nodes: RichInline[] }) {
  return nodes.map((node, index) => {
    if (typeof node === "string") return <Fragment key={index}>{node}</Fragment>;
    if ("br" in node) return <br key={index} />;
    if ("b" in node)
      return (
        <strong key={index} className="font-semibold">
          <Inline nodes={node.b} />
        </strong>
      );
    if ("i" in node)
      return (
        <em key={index}>
          <Inline nodes={node.i} />
        </em>
      );
    const external = /^https?:/i.test(node.a);
    return (
      <a
        key={index}
        href={node.a}
        className="font-medium underline underline-offset-2"
        {...(external ? { rel: "noopener noreferrer" } : {})}
      >
        <Inline nodes={node.c} />
      </a>
    );
  });
}

/**
 * A long text staff wrote, as paragraphs and lists. It renders the blocks alone: the caller's
 * element around it sets the type size, colour and spacing (e.g. `space-y-4`).
 */
export function RichText({
  value,
  paragraphClassName,
  listClassName,
}: {
  value: RichTextValue;
  paragraphClassName?: string;
  listClassName?: string;
}) {
  return value.map((block, index) => {
    if ("p" in block)
      return (
        <p key={index} className={paragraphClassName}>
          <Inline nodes={block.p} />
        </p>
      );
    const ordered = "ol" in block;
    const items = ordered ? block.ol : block.ul;
    const List = ordered ? "ol" : "ul";
    return (
      <List
        key={index}
        className={cn(ordered ? "list-decimal" : "list-disc", "space-y-1 pl-6 text-left", listClassName)}
      >
        {items.map((item, itemIndex) => (
          <li key={itemIndex}>
            <Inline nodes={item} />
          </li>
        ))}
      </List>
    );
  });
}
