import type { Enhancement } from "./page-scripts";

/*
 * The small scripts of the pages that are not hydrated (ADR 013). Each function is sent to the
 * browser as its own source text, inline with the page's nonce, so it must stand alone: no
 * imports, no names from this module, nothing the bundler could rename. Everything a script needs
 * from the page is in data attributes that the page's components render; the classes it sets
 * come from those components too, so the style sheet has them.
 */

type ToastDetail = { title: string; description?: string; destructive?: boolean };

/** The site menus (`<details data-menu>`): close on Escape and on a press anywhere else. */
function menus() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !(event.target instanceof Element)) return;
    const menu = event.target.closest<HTMLDetailsElement>("details[open][data-menu]");
    if (!menu) return;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  });
  document.addEventListener("pointerdown", (event) => {
    for (const menu of document.querySelectorAll<HTMLDetailsElement>("details[open][data-menu]")) {
      if (!(event.target instanceof Node && menu.contains(event.target))) menu.open = false;
    }
  });
}

/**
 * One toast at a time (the spec: 5 s, swipe 50 px to dismiss): shown for a `site:toast` event
 * in the page's toast region, and a toast the server drew into the page goes the same way.
 */
function toasts() {
  const arm = (toast: HTMLElement) => {
    const timer = window.setTimeout(() => toast.remove(), 5000);
    const dismiss = () => {
      window.clearTimeout(timer);
      toast.remove();
    };
    toast.querySelector("[data-toast-close]")?.addEventListener("click", dismiss);
    let startX: number | null = null;
    toast.addEventListener("pointerdown", (event) => {
      startX = event.clientX;
    });
    toast.addEventListener("pointermove", (event) => {
      if (startX !== null) toast.style.translate = `${Math.max(0, event.clientX - startX)}px 0`;
    });
    const end = (event: PointerEvent) => {
      if (startX === null) return;
      const moved = event.clientX - startX;
      startX = null;
      if (moved > 50) dismiss();
      else toast.style.translate = "";
    };
    toast.addEventListener("pointerup", end);
    toast.addEventListener("pointercancel", end);
  };
  document.addEventListener("site:toast", (event) => {
    const region = document.getElementById("toast-region");
    const template = document.getElementById("toast-template");
    if (!region || !(template instanceof HTMLTemplateElement)) return;
    for (const shown of document.querySelectorAll("[data-server-toast]")) shown.remove();
    const detail = (event as CustomEvent<ToastDetail>).detail;
    const toast = template.content.firstElementChild?.cloneNode(true);
    if (!(toast instanceof HTMLElement)) return;
    toast.dataset.variant = detail.destructive ? "destructive" : "default";
    toast.setAttribute("role", detail.destructive ? "alert" : "status");
    const title = toast.querySelector("[data-toast-title]");
    const description = toast.querySelector("[data-toast-description]");
    if (title) title.textContent = detail.title;
    if (description) {
      if (detail.description) description.textContent = detail.description;
      else description.remove();
    }
    region.replaceChildren(toast);
    arm(toast);
  });
  for (const toast of document.querySelectorAll<HTMLElement>("[data-server-toast]")) arm(toast);
}

/**
 * Modals (`<dialog>`), opened by a link or button with `data-dialog-open` (whose own address is
 * the page without scripts' way to the same content), closed by `data-dialog-close` elements (the
 * X and the backdrop) and Escape; focus goes to the first field and Tab stays inside. A link with
 * `data-viewer-src` shows that image in the dialog.
 */
function dialogs() {
  const open = (opener: HTMLElement) => {
    const dialog = document.getElementById(opener.dataset.dialogOpen ?? "");
    if (!(dialog instanceof HTMLDialogElement)) return false;
    const src = opener.dataset.viewerSrc;
    if (src) {
      const title = opener.dataset.viewerTitle ?? "";
      const image = dialog.querySelector("img");
      if (image) {
        image.src = src;
        image.alt = title;
      }
      const heading = dialog.querySelector("[data-dialog-title]");
      if (heading) heading.textContent = title;
    }
    dialog.showModal();
    // The first field (not the honeypot, which is out of the tab order), else the browser's choice.
    dialog.querySelector<HTMLElement>("input:not([tabindex='-1']), textarea, select")?.focus();
    return true;
  };
  const tabbable = (dialog: Element) =>
    [...dialog.querySelectorAll<HTMLElement>("a[href], button, input, textarea, select")].filter(
      (element) =>
        element.tabIndex >= 0 && !element.matches(":disabled") && element.getClientRects().length > 0,
    );
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element)) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const opener = event.target.closest<HTMLElement>("[data-dialog-open]");
    if (opener && open(opener)) {
      event.preventDefault();
      return;
    }
    if (event.target.closest("[data-dialog-close]")) event.target.closest("dialog")?.close();
  });
  document.addEventListener("keydown", (event) => {
    if (!(event.target instanceof Element)) return;
    // A link that acts as a button opens with Space as well as Enter.
    if (event.key === " ") {
      const opener = event.target.closest<HTMLElement>("a[data-dialog-open]");
      if (opener && open(opener)) event.preventDefault();
    }
    // Tab goes round the open modal (the browser would also visit its own toolbar).
    const dialog = event.target.closest("dialog[open]");
    if (event.key !== "Tab" || !dialog) return;
    const stops = tabbable(dialog);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && event.target === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && event.target === last) {
      event.preventDefault();
      first?.focus();
    }
  });
}

/**
 * Public forms (`form[data-public-form]`) sent in the background: the button says 'Submitting...',
 * and the server's answer page (the very page a browser without scripts would show) gives the
 * form back: cleared with a success toast (and its modal closed), or kept filled with the field
 * messages and a failure toast. The parts of the page marked `data-form-refresh` (each with an id)
 * take the answer's copy too, so what the post changed shows at once (an event's seats left). If
 * anything goes wrong on the way, the form is sent the ordinary way.
 */
function forms() {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.publicForm) return;
    event.preventDefault();
    if (form.dataset.busy) return;
    form.dataset.busy = "true";
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const label = button?.textContent ?? "";
    if (button) {
      button.disabled = true;
      // The page's own word for it (a Filipino page sets data-busy-label).
      button.textContent = form.dataset.busyLabel || "Submitting...";
    }
    const restore = () => {
      delete form.dataset.busy;
      if (button?.isConnected) {
        button.disabled = false;
        button.textContent = label;
      }
    };
    fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then((response) => response.text())
      .then((html) => {
        const page = new DOMParser().parseFromString(html, "text/html");
        const answer = page.querySelector<HTMLFormElement>(
          `form[data-public-form="${form.dataset.publicForm}"]`,
        );
        // The answer page may have no form (the event was removed meanwhile): its notice still says why.
        const result =
          answer?.querySelector<HTMLElement>("[data-result]") ??
          page.querySelector<HTMLElement>("[data-result]");
        if (!result) throw new Error("The answer says nothing.");
        const ok = result.dataset.result === "ok";
        for (const part of document.querySelectorAll("[data-form-refresh]")) {
          const fresh = part.id ? page.getElementById(part.id) : null;
          if (fresh) part.replaceWith(fresh);
        }
        if (answer) {
          result.remove();
          // What was typed stays after a refusal, whatever the answer could put back.
          const typed = ok ? null : new FormData(form);
          form.innerHTML = answer.innerHTML;
          typed?.forEach((value, name) => {
            const field = form.elements.namedItem(name);
            if (
              (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
              field.tabIndex >= 0
            ) {
              field.value = String(value);
            }
          });
        }
        restore();
        const detail: ToastDetail = {
          title: result.dataset.title ?? "",
          description: result.dataset.description,
          destructive: !ok,
        };
        document.dispatchEvent(new CustomEvent("site:toast", { detail }));
        if (ok) form.closest("dialog")?.close();
        else form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      })
      .catch(() => {
        restore();
        form.submit();
      });
  });
}

/** Video previews (`a[data-embed-src]`) become the player on a click; nothing loads before. */
function video() {
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element)) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const preview = event.target.closest<HTMLAnchorElement>("a[data-embed-src]");
    if (!preview) return;
    event.preventDefault();
    const frame = document.createElement("iframe");
    frame.src = preview.dataset.embedSrc ?? "";
    frame.title = preview.dataset.embedTitle ?? "";
    frame.allow =
      "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share";
    frame.allowFullscreen = true;
    frame.className = preview.dataset.frameClass ?? "";
    preview.replaceWith(frame);
    frame.focus();
  });
}

/** The map preview's 'Show map' button (hidden without scripts) swaps in the map's frame. */
function map() {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-map-show]")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      const preview = button.closest<HTMLElement>("[data-map-preview]");
      if (!preview) return;
      const frame = document.createElement("iframe");
      frame.src = preview.dataset.embedSrc ?? "";
      frame.title = preview.dataset.embedTitle ?? "";
      frame.loading = "lazy";
      frame.referrerPolicy = "strict-origin-when-cross-origin";
      frame.className = preview.dataset.frameClass ?? "";
      preview.replaceWith(frame);
      frame.focus();
    });
  }
}

/**
 * A share control's two buttons that need scripts (hidden without them): the phone's own share
 * sheet where the browser has one, and copying the page's address (said with a toast).
 */
function share() {
  for (const control of document.querySelectorAll<HTMLElement>("[data-share]")) {
    const url = control.dataset.shareUrl ?? location.href;
    const title = control.dataset.shareTitle ?? document.title;
    const native = control.querySelector<HTMLButtonElement>("button[data-share-native]");
    if (native && typeof navigator.share === "function") {
      native.hidden = false;
      native.addEventListener("click", () => {
        navigator.share({ title, url }).catch(() => {});
      });
    }
    const copy = control.querySelector<HTMLButtonElement>("button[data-share-copy]");
    if (copy && navigator.clipboard) {
      copy.hidden = false;
      copy.addEventListener("click", () => {
        navigator.clipboard.writeText(url).then(
          () =>
            document.dispatchEvent(
              new CustomEvent("site:toast", {
                detail: { title: copy.dataset.copiedLabel || "Link copied", description: url },
              }),
            ),
          () => {},
        );
      });
    }
  }
}

const SOURCES: Record<Enhancement | "menus", () => void> = {
  menus,
  toasts,
  dialogs,
  forms,
  video,
  map,
  share,
};

export type ScriptName = keyof typeof SOURCES;

/** Runnable source text: the function, called at once, with indentation dropped. */
function sourceOf(run: () => void) {
  return `(${run.toString()})();`.replace(/\n\s+/g, "\n");
}

const TEXTS = new Map<ScriptName, string>();

export function enhancementSource(name: ScriptName): string {
  let text = TEXTS.get(name);
  if (text === undefined) {
    text = sourceOf(SOURCES[name]);
    TEXTS.set(name, text);
  }
  return text;
}

/**
 * The scripts a page without hydration runs: the menus always, the toasts when anything may show
 * one (a form's answer, or a toast the server drew), then the page's own.
 */
export function scriptsFor(enhancements: readonly Enhancement[], hasToast: boolean): ScriptName[] {
  const names: ScriptName[] = ["menus"];
  if (hasToast || enhancements.includes("forms") || enhancements.includes("share")) names.push("toasts");
  for (const name of enhancements) if (!names.includes(name)) names.push(name);
  return names;
}
