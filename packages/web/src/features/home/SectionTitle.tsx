/** A home section's heading, with the id its section is labelled by. */
export function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-2xl font-bold text-white sm:text-3xl">
      {children}
    </h2>
  );
}
