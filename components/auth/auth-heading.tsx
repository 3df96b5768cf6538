export function AuthHeading({ title, subtitle }: { title: string; subtitle?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-1.5">
      <h1 className="text-ink text-2xl font-bold tracking-tight">{title}</h1>
      {subtitle && <p className="text-ink-muted text-sm">{subtitle}</p>}
    </div>
  );
}
