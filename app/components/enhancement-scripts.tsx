import { enhancementSource, type ScriptName } from "~/lib/enhancements";

/** The small scripts of a page without hydration, inline with the page's nonce (ADR 013). */
export function EnhancementScripts({ names, nonce }: { names: readonly ScriptName[]; nonce?: string }) {
  return (
    <>
      {names.map((name) => (
        <script
          key={name}
          nonce={nonce || undefined}
          data-enhancement={name}
          dangerouslySetInnerHTML={{ __html: enhancementSource(name) }}
        />
      ))}
    </>
  );
}
