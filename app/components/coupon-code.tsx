/** A deal's coupon code: selectable text, and a Copy button once JavaScript runs (root's COPY_SCRIPT). */
export function CouponCode({ code }: { code: string }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <span>Coupon code:</span>
      <code className="rounded border border-dashed border-current px-2 py-0.5 font-mono font-semibold select-all">
        {code}
      </code>
      <button
        type="button"
        data-copy={code}
        className="rounded border border-current px-2 py-0.5 text-xs font-semibold"
      >
        Copy
      </button>
    </p>
  );
}
