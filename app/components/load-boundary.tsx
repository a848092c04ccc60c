import { Component, type ReactNode } from "react";

/**
 * Around code loaded on demand: if its chunk cannot be fetched (offline, or the site was updated
 * and an old page asks for a file that is gone), this part says so and offers a reload, instead of
 * the whole page turning into the error screen.
 */
export class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        This part of the page could not be loaded.{" "}
        <button type="button" onClick={() => window.location.reload()} className="font-medium underline">
          Reload the page
        </button>
      </p>
    );
  }
}
