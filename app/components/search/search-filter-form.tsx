import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { formQuery } from "~/lib/form-query";
import { Island } from "~/lib/island";
import { applyButtonClass, useLiveFilters } from "~/lib/live-filters";
import { splitComponent } from "~/lib/split";
import type { SearchFilterFieldsProps } from "./search-filter-fields";
import { searchParts } from "./search-parts-module";

// The fields are a static island (ADR 0060): their code shares the chunk of the page's other parts.
const SearchFilterFields = splitComponent(() => searchParts().then((m) => m.SearchFilterFields));

/**
 * The search filters as a GET form: without JavaScript the browser submits it to /search; with it,
 * blank fields are left out and checkbox values joined, so the address stays short and shareable.
 */
export function SearchFilterForm(props: SearchFilterFieldsProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // Changes apply at once (typing after a pause); Search submits it all without JavaScript.
  const live = useLiveFilters(location.search, (form, replace) => {
    const qs = formQuery(new FormData(form));
    navigate(qs ? `/search?${qs}` : "/search", { replace, preventScrollReset: true });
    return qs ? `?${qs}` : "";
  });

  return (
    <form
      key={live.formKey}
      method="get"
      action="/search"
      role="search"
      aria-label="Search tools"
      // `input`, not React's onChange: React's onChange does not see the fields of an island's
      // server HTML, while every field (text, select, checkbox) fires a bubbling `input` event.
      onInput={live.onChange}
      onSubmit={live.onSubmit}
      className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-1 dark:border-slate-800 dark:bg-slate-900"
    >
      <FilterFields {...props} />
      <button
        type="submit"
        className={applyButtonClass(live.enhanced, "col-span-2 w-full font-semibold lg:col-span-1")}
      >
        Search
      </button>
    </form>
  );
}

/**
 * The fields as they were when the form was (re)created, like their default values: the form
 * applying itself changes the filters but must not re-render the island (that would replace the
 * field being typed in); the form is re-created, and the island with it, when the address changes
 * by other means (`formKey`).
 */
function FilterFields(props: SearchFilterFieldsProps) {
  const [initial] = useState(props);
  return <Island id="search-filter-fields" className="contents" component={SearchFilterFields} props={initial} />;
}
