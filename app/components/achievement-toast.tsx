import { useEffect, useState } from "react";
import { TOAST_MS } from "./toast";

/**
 * 'New Achievement Unlocked: {badge name}!' on the first page after an award (the server marks the
 * badge seen when it sends it). Rendered by the server, so it shows without JavaScript too; with
 * JavaScript it leaves after the toast duration.
 */
export function AchievementToast({ badges }: { badges: string[] }) {
  const [shown, setShown] = useState(badges);
  useEffect(() => {
    setShown(badges);
    if (!badges.length) return;
    const timer = setTimeout(() => setShown([]), TOAST_MS);
    return () => clearTimeout(timer);
  }, [badges]);
  if (!shown.length) return null;
  return (
    <div aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-[60] flex flex-col items-end gap-2">
      {shown.map((name) => (
        <div
          key={name}
          role="status"
          className="pointer-events-auto max-w-[350px] rounded-lg bg-emerald-700 px-4 py-3 text-sm text-white shadow-lg"
        >
          {`New Achievement Unlocked: ${name}!`}
        </div>
      ))}
    </div>
  );
}
