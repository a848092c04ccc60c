import { type ComponentType, type ReactNode, useEffect, useRef } from "react";
import type { EditableTool } from "#server/modules/catalog/shared.ts";
import { Button, Field, Input, Select, Textarea } from "~/components/ui";
import type { ActionFailure } from "~/lib/form-action";
import { NEW_TOOL } from "~/lib/new-tool";

/**
 * Every field of a tool, as the add/edit dialog and its no-JavaScript page show it. Lists are one
 * item per line. `noValidate`: the server's messages ('Tool name is required', 'Valid URL is
 * required') are shown, not the browser's.
 */
export type ToolFormTool = Omit<EditableTool, "pricing_model" | "status" | "tier"> & {
  /** as sent back with a refusal: any string the form held, not only a known value */
  pricing_model: string;
  status: string;
  tier: string;
};

export const PRICING_OPTIONS = [
  ["unknown", "Unknown"],
  ["free", "Free"],
  ["freemium", "Freemium"],
  ["paid", "Paid"],
  ["subscription", "Subscription"],
  ["open_source", "Open Source"],
  ["enterprise", "Enterprise"],
] as const;
/** A new tool's starting values: the same object the server starts a created tool from. */
export const EMPTY_TOOL: ToolFormTool = NEW_TOOL;
export const STATUS_OPTIONS = ["active", "pending", "draft", "rejected", "archived"] as const;
export const TIER_OPTIONS = ["free", "standard", "expert"] as const;

/** The values to show: what was sent back after a refusal, else the stored tool. */
export function formDefaults(tool: ToolFormTool, sent?: Record<string, string> | null) {
  const text = (k: string, fallback: string) => {
    const v = sent?.[k];
    return typeof v === "string" ? v : fallback;
  };
  // A sent form names every checked box ("on"); an unchecked one is simply absent.
  const flag = (k: string, fallback: boolean) => (sent ? sent[k] === "on" || sent[k] === "true" : fallback);
  const list = (k: keyof ToolFormTool) => text(k, (tool[k] as string[]).join("\n"));
  return { text, flag, list };
}

/** React Router's <Form> (the page) or a fetcher's (the dialog). */
type FormLike = ComponentType<{
  method: "post";
  action: string;
  noValidate?: boolean;
  className?: string;
  children?: ReactNode;
}>;

export function ToolForm({
  FormComponent,
  action,
  tool,
  failed,
  categories,
  busy,
  submitLabel,
  cancel,
}: {
  FormComponent: FormLike;
  action: string;
  tool: ToolFormTool;
  /** the refusal of the last save: its message, the fields it is about, what was sent */
  failed?: ActionFailure | null;
  categories: { id: number; name: string }[];
  busy?: boolean;
  submitLabel: string;
  cancel: ReactNode;
}) {
  const d = formDefaults(tool, failed?.values);
  const fields = failed?.fields ?? {};
  const box = useRef<HTMLDivElement>(null);
  // After a refusal, focus goes to the first field it marks (the message is next to it), else the summary.
  useEffect(() => {
    if (!failed) return;
    const first = box.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? box.current?.querySelector<HTMLElement>("[data-form-error]"))?.focus();
  }, [failed]);
  const error = (name: string) => fields[name] ?? null;
  const text = (name: string, label: string, fallback: string, type = "text") => (
    <Field label={label} id={`tf-${name}`} error={error(name)}>
      <Input name={name} type={type} defaultValue={d.text(name, fallback)} />
    </Field>
  );
  const list = (name: keyof ToolFormTool, label: string) => (
    <Field label={`${label} (one per line)`} id={`tf-${name}`} error={error(name)}>
      <Textarea name={name} rows={3} defaultValue={d.list(name)} />
    </Field>
  );
  const flag = (name: "is_featured" | "is_verified" | "needs_review", label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={d.flag(name, tool[name])} />
      {label}
    </label>
  );
  const marked = Object.keys(fields).filter((k) => k !== "form").length;
  return (
    <div ref={box}>
      <FormComponent method="post" action={action} noValidate className="space-y-4" data-testid="tool-form">
        <input type="hidden" name="intent" value="save" />
        {failed ? (
          <p
            role="alert"
            tabIndex={-1}
            data-form-error
            className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {marked
              ? `Check the ${marked === 1 ? "marked field" : `${marked} marked fields`}.${fields.form ? ` ${fields.form}` : ""}`
              : failed.error}
          </p>
        ) : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Basics</legend>
          {text("name", "Name *", tool.name)}
          {text("website_url", "Website URL *", tool.website_url, "url")}
          <Field label="Category *" id="tf-category" error={error("category")}>
            <Select name="category" defaultValue={d.text("category", tool.category)}>
              <option value="">Choose a category</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          {text("provider", "Provider", tool.provider)}
          {text("slug", "Slug (URL name)", tool.slug)}
          <Field label="Pricing model" id="tf-pricing_model" error={error("pricing_model")}>
            <Select name="pricing_model" defaultValue={d.text("pricing_model", tool.pricing_model)}>
              {PRICING_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
        </fieldset>
        <Field label="One-line description" id="tf-one_line_description" error={error("one_line_description")}>
          <Textarea
            name="one_line_description"
            rows={2}
            defaultValue={d.text("one_line_description", tool.one_line_description)}
          />
        </Field>
        <Field label="Full description" id="tf-full_description" error={error("full_description")}>
          <Textarea name="full_description" rows={4} defaultValue={d.text("full_description", tool.full_description)} />
        </Field>
        <fieldset className="grid gap-4 sm:grid-cols-4">
          <legend className="text-sm font-semibold">Pricing details</legend>
          {text("pricing_original", "Original price", tool.pricing.original)}
          {text("pricing_discounted", "Discounted price", tool.pricing.discounted)}
          {text("pricing_discount", "Discount", tool.pricing.discount)}
          {text("pricing_deal_ends", "Deal ends", tool.pricing.deal_ends)}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="text-sm font-semibold">Lists</legend>
          {list("tags", "Tags")}
          {list("features", "Features")}
          {list("use_cases", "Use cases")}
          {list("alternatives", "Alternatives")}
          {list("pros", "Pros")}
          {list("cons", "Cons")}
          {list("screenshots", "Screenshot URLs")}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="text-sm font-semibold">Links</legend>
          {text("logo_url", "Logo URL", tool.logo_url, "url")}
          {text("preview_image_url", "Preview image URL", tool.preview_image_url, "url")}
          {text("demo_url", "Demo URL", tool.demo_url, "url")}
          {text("affiliate_url", "Affiliate URL", tool.affiliate_url, "url")}
          {text("source_url", "Source URL", tool.source_url, "url")}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="text-sm font-semibold">Listing</legend>
          <Field label="Status" id="tf-status" error={error("status")}>
            <Select name="status" defaultValue={d.text("status", tool.status)}>
              {STATUS_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Tier" id="tf-tier" error={error("tier")}>
            <Select name="tier" defaultValue={d.text("tier", tool.tier)}>
              {TIER_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
          <div className="space-y-1 pt-6">
            {flag("is_featured", "Featured")}
            {flag("is_verified", "Verified")}
            {flag("needs_review", "Needs review")}
          </div>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="text-sm font-semibold">Search engines</legend>
          {text("meta_title", "Meta title", tool.meta_title)}
          {text("meta_description", "Meta description", tool.meta_description)}
          {text("meta_keywords", "Meta keywords", tool.meta_keywords)}
        </fieldset>
        <div className="flex justify-end gap-3">
          {cancel}
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : submitLabel}
          </Button>
        </div>
      </FormComponent>
    </div>
  );
}
