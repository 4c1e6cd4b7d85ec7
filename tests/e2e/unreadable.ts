import type { Page } from "@playwright/test";

// The truncation check's eye (tests/e2e/truncation.spec.ts), shared with the specs that open pages
// the main browser-test server does not serve (Paystack's choice of how to pay, its receipts).

/**
 * What on the page a reader cannot read whole, each as "where: what", measured once the
 * page's fonts have loaded (a fallback font has other widths).
 */
export async function unreadable(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const found: string[] = [];
    const screen = document.documentElement.clientWidth;
    const snippet = (text: string | null | undefined) => `"${(text ?? "").replace(/\s+/g, " ").trim().slice(0, 50)}"`;
    const name = (element: Element) => {
      const classes = [...element.classList].filter((value) => !value.includes(":")).slice(0, 3);
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${classes.length ? `.${classes.join(".")}` : ""}`;
    };
    const shown = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      element.getBoundingClientRect().width > 1 &&
      element.getBoundingClientRect().height > 1;
    const canvas = document.createElement("canvas").getContext("2d")!;
    /** How wide a text is in an element's font. */
    const widthOf = (text: string, style: CSSStyleDeclaration) => {
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      canvas.letterSpacing = style.letterSpacing === "normal" ? "0px" : style.letterSpacing;
      return canvas.measureText(text).width;
    };
    const contentWidth = (element: HTMLElement, style: CSSStyleDeclaration) =>
      element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const ownText = (element: Element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join("")
        .trim();

    if (document.documentElement.scrollWidth > screen + 1)
      found.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${screen}px screen`);

    // Text cut short or spilling out of its own box: its box is narrower (or, clamped, shorter) than the text.
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      if (!ownText(element) || element.hasAttribute("data-clamped") || !shown(element)) continue;
      const style = getComputedStyle(element);
      if (style.display === "inline" || style.display === "contents") continue;
      const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(
          `${name(element)} ${snippet(element.textContent)} ${clips ? "is cut" : "spills out of its box"}: ${element.scrollWidth}px of text in ${element.clientWidth}px`,
        );
      const clamped = style.webkitLineClamp !== "none" || ["hidden", "clip"].includes(style.overflowY);
      if (clamped && element.scrollHeight > element.clientHeight + 1)
        found.push(
          `${name(element)} ${snippet(element.textContent)} is cut: ${element.scrollHeight}px of lines in ${element.clientHeight}px`,
        );
    }

    // Text inside a box that hides what it does not hold (a label in a span of a button that clips).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const parent = text.parentElement;
      if (!parent || !text.textContent?.trim() || !shown(parent)) continue;
      let clipper: HTMLElement | null = parent;
      while (clipper && clipper !== document.body) {
        const style = getComputedStyle(clipper);
        if (["hidden", "clip"].includes(style.overflowX)) break;
        clipper = clipper.parentElement;
      }
      if (!clipper || clipper === document.body || clipper.closest("[data-clamped]") || !shown(clipper)) continue;
      // The clipper's own text was measured above.
      if (clipper === parent) continue;
      range.selectNodeContents(text);
      const words = range.getBoundingClientRect();
      const box = clipper.getBoundingClientRect();
      if (words.width > 0 && (words.right > box.right + 1 || words.left < box.left - 1))
        found.push(`${snippet(text.textContent)} is cut by ${name(clipper)} ${snippet(clipper.textContent)}`);
    }

    // Placeholders wider than their field's content box (or, in a text area, taller than its lines).
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      "input[placeholder], textarea[placeholder]",
    )) {
      if (!field.placeholder || field.value || !shown(field)) continue;
      const style = getComputedStyle(field, "::placeholder");
      const room = contentWidth(field, getComputedStyle(field));
      const wide = widthOf(field.placeholder, style);
      if (field instanceof HTMLTextAreaElement) {
        const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
        const rows = Math.floor(
          (field.clientHeight - Number.parseFloat(getComputedStyle(field).paddingTop) * 2) / lineHeight,
        );
        if (Math.ceil((wide * 1.15) / room) > Math.max(rows, 1))
          found.push(`${name(field)} placeholder ${snippet(field.placeholder)} needs more lines than its ${rows}`);
      } else if (wide > room + 1)
        found.push(
          `${name(field)} placeholder ${snippet(field.placeholder)} is ${Math.round(wide)}px in a ${Math.round(room)}px field`,
        );
    }

    // A select's chosen option wider than the select, less its arrow.
    for (const select of document.querySelectorAll("select")) {
      const option = select.selectedOptions[0];
      if (!option || !shown(select)) continue;
      const style = getComputedStyle(select);
      const arrow = style.appearance === "none" ? 0 : 20;
      const room = contentWidth(select, style) - arrow;
      const wide = widthOf(option.text.trim(), style);
      if (wide > room + 1)
        found.push(`${name(select)} shows ${snippet(option.text)}: ${Math.round(wide)}px in ${Math.round(room)}px`);
    }

    // A label of one or two words (a button's, a tab's, a switch's, or the words that name a
    // group of controls through aria-labelledby) broken over two lines.
    const namers = [...document.querySelectorAll("[aria-labelledby]")].flatMap((named) =>
      (named.getAttribute("aria-labelledby") ?? "")
        .split(/\s+/)
        .map((id) => (id ? document.getElementById(id) : null))
        .filter((element): element is HTMLElement => element !== null),
    );
    for (const control of new Set([
      ...document.querySelectorAll<HTMLElement>(
        'button, [role="button"], [role="tab"], a.ui-button, [role="menuitem"], [role="radio"], label',
      ),
      ...namers,
    ])) {
      const label = (control.innerText ?? "").replace(/\s+/g, " ").trim();
      if (!label || label.split(" ").length > 2 || !shown(control)) continue;
      const lines = new Set<number>();
      const texts = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        if (!text.textContent?.trim() || !text.parentElement || !shown(text.parentElement)) continue;
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.bottom / 4));
      }
      // Rects of one line may differ by a pixel or two (marks, mixed sizes): a new line is a line-height below.
      const bottoms = [...lines].sort((a, b) => a - b);
      const broken = bottoms.some((bottom, index) => index > 0 && bottom - bottoms[index - 1]! > 2);
      if (broken)
        found.push(`${name(control)} ${snippet(label)} wraps onto ${bottoms.length > 2 ? "several" : "two"} lines`);
    }
    return found;
  });
}
