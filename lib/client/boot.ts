/**
 * The only script a page with islands loads up front. It finds island markers and imports
 * each island's bundle (and with it React) only when that island must come alive, and shows
 * the zone of times in the team's zone to a reader whose own zone is another.
 */
type Mount = (el: HTMLElement, props: unknown, replay?: HTMLElement) => void;

function readProps(el: HTMLElement): unknown {
  const script = document.getElementById(el.dataset.props ?? "");
  return script ? JSON.parse(script.textContent ?? "null") : {};
}

function start(el: HTMLElement, replay?: HTMLElement): void {
  el.setAttribute("aria-busy", "true");
  import(el.dataset.src!).then((mod: { mount: Mount }) => mod.mount(el, readProps(el), replay))
    .catch((error) => {
      el.removeAttribute("aria-busy");
      // A link inside the island still works without its script.
      if (replay instanceof HTMLAnchorElement) location.href = replay.href;
      console.error(error);
    });
}

for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const when = el.dataset.hydrate;
  if (when === "visible" && "IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        start(el);
      }
    });
    // The marker is `display: contents` and has no box of its own: watch what it renders.
    for (const child of el.children.length > 0 ? el.children : [el]) observer.observe(child);
  } else if (when === "interaction") {
    const stop = () => {
      el.removeEventListener("click", onClick, true);
      el.removeEventListener("focusin", onFocus);
    };
    const onClick = (event: Event) => {
      const target = (event.target as Element).closest<HTMLElement>("a,button");
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      stop();
      start(el, target);
    };
    // Typing into a field needs the island (a live counter, dependent options) before any click.
    const onFocus = (event: Event) => {
      if (!(event.target as Element).matches("input,textarea,select")) return;
      stop();
      start(el);
    };
    el.addEventListener("click", onClick, true);
    el.addEventListener("focusin", onFocus);
  } else {
    start(el);
  }
}

/** A zone's name as this browser resolves it (aliases alike), or "" for one it does not know. */
function zoneOf(timeZone?: string): string {
  try {
    return Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  } catch {
    return "";
  }
}

// Server-rendered hidden (components/TimeZoneLabel.tsx): 'PT' after a time matters only to a
// reader elsewhere.
const here = zoneOf();
for (const label of document.querySelectorAll<HTMLElement>("[data-time-zone]")) {
  label.hidden = zoneOf(label.dataset.timeZone) === here;
}
