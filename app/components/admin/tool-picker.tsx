import { Suspense } from "react";
import { Field, Input } from "~/components/ui";
import { splitComponent } from "~/lib/split";
import type { ToolPickerProps } from "./tool-combobox";

export type { ToolPickerProps } from "./tool-combobox";

// The typeahead's code stays out of the admin pages' first load: the server renders it whole (a plain
// input that takes a name or slug), the browser fetches its chunk while the page is already usable.
const ToolCombobox = splitComponent<ToolPickerProps>(() => import("./tool-combobox").then((m) => m.ToolCombobox));

/** Where an admin chooses a tool (deals, beta programmes, polls): see tool-combobox.tsx. */
export function ToolPicker(props: ToolPickerProps) {
  return (
    <Suspense
      fallback={
        <Field id={props.id} label={props.label ?? "Tool"} error={props.error} className={props.className}>
          <Input name={props.name ?? "tool"} defaultValue={props.defaultValue} />
        </Field>
      }
    >
      <ToolCombobox {...props} />
    </Suspense>
  );
}
