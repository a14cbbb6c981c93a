/** A grey placeholder block; hidden from assistive technology (pair it with an sr-only status text). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-chip bg-line ${className}`} />;
}
