import { initials } from "~/lib/format";

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
  if (!url) return tile;
  return (
    <img
      src={url}
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
