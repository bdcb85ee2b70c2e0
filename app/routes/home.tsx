import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { brand } from "~/domain/brand";

export function meta() {
  return [
    { title: `${brand.name} | Off-plan real estate in Iraq and the region` },
    { name: "description", content: brand.tagline },
  ];
}

const figures = [
  { value: brand.figures.averageAnnualReturns, label: "Average annual returns" },
  { value: brand.figures.portfolio, label: "Portfolio under advice" },
  { value: brand.figures.projects, label: "Projects delivered" },
];

export default function Home() {
  return (
    <section className="bg-primary px-4 py-20 text-primary-foreground sm:px-6 sm:py-28">
      <div className="mx-auto max-w-7xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">
          London · Dubai · Baghdad
        </p>
        <h1 className="mt-4 max-w-3xl font-serif text-4xl font-semibold leading-tight sm:text-6xl">
          Frontier real estate, with the diligence of a private bank
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-primary-foreground/85">{brand.tagline}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Button asChild size="lg" variant="accent">
            <Link to="/opportunities">
              View opportunities <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <dl className="mt-16 grid max-w-3xl grid-cols-1 gap-8 sm:grid-cols-3">
          {figures.map((f) => (
            <div key={f.label}>
              <dt className="text-sm text-primary-foreground/75">{f.label}</dt>
              <dd className="mt-1 font-serif text-4xl font-semibold text-accent">{f.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
