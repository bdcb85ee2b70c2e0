import { ArrowRight, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { brand, whatsappLink } from "~/domain/brand";

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
    <>
      <Hero />
      <Contact />
    </>
  );
}

function Hero() {
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

function Contact() {
  return (
    <section id="contact" className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="contact-heading">
      <div className="mx-auto max-w-7xl">
        <h2 id="contact-heading" className="font-serif text-3xl font-semibold text-primary">
          Speak to an adviser
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          Tell us about your objectives and we will reply within 24 hours.
        </p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <li className="flex gap-3">
            <Mail className="mt-0.5 size-5 text-accent" aria-hidden="true" />
            <a href={`mailto:${brand.email}`} className="hover:text-primary hover:underline">
              {brand.email}
            </a>
          </li>
          <li className="flex gap-3">
            <Phone className="mt-0.5 size-5 text-accent" aria-hidden="true" />
            <a href={`tel:${brand.phone.replace(/\s/g, "")}`} className="hover:text-primary hover:underline">
              {brand.phone}
            </a>
          </li>
          <li className="flex gap-3">
            <MessageCircle className="mt-0.5 size-5 text-accent" aria-hidden="true" />
            <a href={whatsappLink()} target="_blank" rel="noopener noreferrer" className="hover:text-primary hover:underline">
              Chat on WhatsApp
            </a>
          </li>
          <li className="flex gap-3">
            <MapPin className="mt-0.5 size-5 text-accent" aria-hidden="true" />
            <span>{brand.offices.map((o) => o.city).join(" · ")}</span>
          </li>
        </ul>
      </div>
    </section>
  );
}
