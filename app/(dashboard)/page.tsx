export default function Home() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">Creator Dashboard</h1>
    </main>
  );
}
