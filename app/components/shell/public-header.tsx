import { BrandMark } from "~/components/shell/brand-mark";
import { LanguageSwitcher, ThemeToggle } from "~/components/shell/preferences-controls";

/** The header of a page outside the app's shell (sign-in, a refusal): the brand, language and theme. */
export function PublicHeader() {
  return (
    <header className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4">
      <BrandMark to="/" className="text-xl" />
      <div className="flex items-center gap-1">
        <LanguageSwitcher />
        <ThemeToggle />
      </div>
    </header>
  );
}
