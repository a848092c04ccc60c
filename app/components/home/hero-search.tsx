import { useState } from "react";
import { Form } from "react-router";
import { buttonClass, controlClass } from "../ui-classes";

/** The spec's hero lists (section 9). They are sent as categories, price and rating to /search. */
export const HERO_CATEGORIES = [
  "NLP",
  "Image Generation",
  "Video Generation",
  "Audio Generation",
  "Video Editing",
  "Music Generation",
  "Writing",
  "Productivity",
  "Design",
  "Development",
  "3D Modeling",
  "Research",
  "Transcription",
  "Image Editing",
  "Audio Editing",
];
export const HERO_PRICES = ["Free", "Under $10", "$10 - $50", "$50 - $200", "$200+"];
export const HERO_RATINGS: [string, string][] = [
  ["5", "5 Stars"],
  ["4", "4+ Stars"],
  ["3", "3+ Stars"],
  ["", "All Ratings"],
];

// Fields on the brand-coloured hero: white in both themes, no border.
const select = controlClass(
  undefined,
  "border-0 bg-white/95 py-2.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-white",
);

/** Runs only for non-blank text: with JS the button waits for text; without JS the /search start state catches it. */
export function HeroSearch() {
  const [q, setQ] = useState("");
  return (
    <Form method="get" action="/search" role="search" className="mt-8 max-w-3xl space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="hero-q" className="sr-only">
          Search AI tools
        </label>
        <input
          id="hero-q"
          name="q"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="What do you want to do? e.g. transcribe meetings"
          className={controlClass(undefined, "border-0 bg-white px-4 py-3 text-slate-900 placeholder:text-slate-500")}
        />
        <button
          type="submit"
          onClick={(e) => {
            if (!q.trim()) e.preventDefault();
          }}
          className={buttonClass(
            "secondary",
            "lg",
            "shrink-0 border-0 bg-white px-6 py-3 text-brand-700 hover:bg-brand-50",
          )}
        >
          Search
        </button>
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="text-sm text-brand-100">
          <span className="sr-only">Category</span>
          <select name="categories" defaultValue="" className={select}>
            <option value="">All categories</option>
            {HERO_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-brand-100">
          <span className="sr-only">Price</span>
          <select name="price" defaultValue="" className={select}>
            <option value="">Any price</option>
            {HERO_PRICES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-brand-100">
          <span className="sr-only">Rating</span>
          <select name="rating" defaultValue="" className={select}>
            {HERO_RATINGS.map(([value, label]) => (
              <option key={label} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </Form>
  );
}
