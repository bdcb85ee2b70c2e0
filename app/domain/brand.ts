/**
 * Brand and contact details in one typed module: change the firm here and every page,
 * e-mail and structured-data block follows.
 */
export const brand = {
  name: "Tigris Advisory",
  legalName: "Tigris Advisory Ltd",
  tagline: "Off-plan real estate in Iraq and the wider region, sourced and structured for serious investors.",
  email: "invest@tigrisadvisory.com",
  supportEmail: "support@tigrisadvisory.com",
  noReplyEmail: "no-reply@tigrisadvisory.com",
  phone: "+44 20 7946 0321",
  whatsapp: {
    /** International format, digits only, as wa.me expects. */
    number: "447946000321",
    greeting: "Hello Tigris Advisory, I would like to discuss an investment opportunity.",
  },
  /** The marketing figures of SPEC.md section 9, quoted exactly. */
  figures: {
    averageAnnualReturns: "25%+",
    portfolio: "$500M+",
    projects: "50+",
    gdpGrowth: "8.2%",
    infrastructure: "$88B",
    population: "42M",
    oilReserves: "147B",
  },
  /**
   * `address` is the one-line form pages show; the parts feed the structured data
   * (`country` is the ISO 3166-1 code).
   */
  offices: [
    {
      city: "London",
      address: "30 St Mary Axe, London EC3A 8BF, United Kingdom",
      streetAddress: "30 St Mary Axe",
      locality: "London",
      postalCode: "EC3A 8BF",
      country: "GB",
    },
    {
      city: "Dubai",
      address: "Gate Village 4, DIFC, Dubai, United Arab Emirates",
      streetAddress: "Gate Village 4, DIFC",
      locality: "Dubai",
      postalCode: null,
      country: "AE",
    },
    {
      city: "Baghdad",
      address: "Al-Mansour District, Street 14, Baghdad, Iraq",
      streetAddress: "Al-Mansour District, Street 14",
      locality: "Baghdad",
      postalCode: null,
      country: "IQ",
    },
  ],
  /** The markets the firm works in (SPEC.md section 1), for structured data. */
  areaServed: [
    { type: "Country", name: "Iraq" },
    { type: "AdministrativeArea", name: "Kurdistan Region" },
    { type: "Country", name: "United Arab Emirates" },
    { type: "Country", name: "Jordan" },
  ],
} as const;

export type Brand = typeof brand;

/** The wa.me chat link with the prefilled greeting. */
export function whatsappLink(b: Pick<Brand, "whatsapp"> = brand): string {
  return `https://wa.me/${b.whatsapp.number}?text=${encodeURIComponent(b.whatsapp.greeting)}`;
}

/** The firm's phone number as a tel: link (digits and the leading +). */
export function phoneLink(b: Pick<Brand, "phone"> = brand): string {
  return `tel:${b.phone.replace(/\s/g, "")}`;
}
