export function OrDivider() {
  return (
    <p className="text-ink-subtle flex items-center gap-3 text-xs uppercase before:h-px before:flex-1 before:bg-current/25 after:h-px after:flex-1 after:bg-current/25">
      or
    </p>
  );
}
