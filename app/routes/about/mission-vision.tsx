// Placeholder until this page is built.
export default function Page() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-navy">Coming soon</h1>
    </section>
  );
}
