import { initials } from "~/lib/format";

/**
 * Only images we fetched, re-encoded and serve ourselves (/media/…, the link checker): a third-party
 * URL from the catalogue (the seed carries some) is never hot-linked into our pages.
 */
export const isOwnMedia = (url: string | null | undefined): url is string => !!url && url.startsWith("/media/");

/** A tool's logo, or its initials on a tile when it has none or the image fails to load. */
export function ToolLogo({ name, url, size = 40 }: { name: string; url?: string | null; size?: number }) {
  const tile = (
    <span
      role="img"
      aria-label={name}
      style={{ width: size, height: size }}
      className="flex shrink-0 items-center justify-center rounded-lg bg-brand-100 text-sm font-bold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
    >
      {initials(name)}
    </span>
  );
  if (!isOwnMedia(url)) return tile;
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
        const img = e.currentTarget;
        img.replaceWith(
          Object.assign(document.createElement("span"), {
            textContent: initials(name),
            className:
              "flex shrink-0 items-center justify-center rounded-lg bg-brand-100 text-sm font-bold text-brand-900",
            style: `width:${size}px;height:${size}px`,
          }),
        );
      }}
    />
  );
}
