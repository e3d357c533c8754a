/** A form's error line, read out by screen readers when it appears; nothing while there is none. */
export function FormError({ error, className = "" }: { error: string | null; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={`text-sm text-red-700 ${className}`}>
      {error}
    </p>
  );
}
