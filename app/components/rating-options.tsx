/**
 * The options of a minimum-rating select: "Any rating", then each choice as "4.5+ stars". A value
 * from the address that is not one of the choices (?rating=4.2) is kept as an option of its own, so
 * the form shows the filter that is applied.
 */
export function RatingOptions({ choices, value }: { choices: readonly string[]; value: string | undefined }) {
  return (
    <>
      <option value="">Any rating</option>
      {value && !choices.includes(value) ? <option value={value}>{Number(value).toFixed(1)}+ stars</option> : null}
      {choices.map((r) => (
        <option key={r} value={r}>
          {Number(r).toFixed(1)}+ stars
        </option>
      ))}
    </>
  );
}
