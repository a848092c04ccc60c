/** The header's navigation links (desktop and the mobile menu). */
export const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? "text-brand-700 dark:text-brand-100"
      : "text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white"
  }`;
