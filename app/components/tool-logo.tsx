import { initials } from "~/lib/format";
import { monogramHue, monogramSeed } from "~/lib/monogram";

/**
 * Only images we fetched, re-encoded and serve ourselves (/media/…, the link checker): a third-party
 * URL from the catalogue (the seed carries some) is never hot-linked into our pages.
 */
export const isOwnMedia = (url: string | null | undefined): url is string => !!url && url.startsWith("/media/");

/**
 * A tool's logo, or its monogram when it has none or the image fails to load: the initials on a tile
 * coloured from its domain (`site`, else its name), distinct per tool (issue 36, app/lib/monogram.ts).
 */
export function ToolLogo({
  name,
  url,
  site,
  size = 40,
}: {
  name: string;
  url?: string | null;
  /** the tool's website: the monogram's colour comes from its domain */
  site?: string | null;
  size?: number;
}) {
  const hue = monogramHue(monogramSeed(name, site));
  if (!isOwnMedia(url)) {
    return (
      <span
        role="img"
        aria-label={name}
        data-monogram={hue}
        style={{ width: size, height: size, ["--mono-h" as string]: hue }}
        className="monogram"
      >
        {initials(name)}
      </span>
    );
  }
  // The 128 px file serves large tiles and sharp screens; small tiles take the 64 px one first.
  const small = url.replace("-128.webp", "-64.webp");
  return (
    <img
      src={size <= 48 ? small : url}
      srcSet={size <= 48 && small !== url ? `${small} 1x, ${url} 2x` : undefined}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-lg object-contain"
      onError={(e) => {
        const tile = Object.assign(document.createElement("span"), {
          textContent: initials(name),
          className: "monogram",
        });
        tile.setAttribute("role", "img");
        tile.setAttribute("aria-label", name);
        tile.style.cssText = `width:${size}px;height:${size}px;--mono-h:${hue}`;
        e.currentTarget.replaceWith(tile);
      }}
    />
  );
}
