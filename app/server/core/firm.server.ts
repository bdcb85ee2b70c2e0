import { EXAMPLE_FIRM_FACTS, type FirmFacts } from "~/domain/firm";

/**
 * The firm's legal facts for code that has no request context: the e-mail layout, which
 * some forty mail builders call as pure functions (decision 038). They are configuration,
 * fixed for the life of the process: start-up installs `config.firm` once, right after
 * validating it (`loadConfigOrExit`); until then (a unit test, a script that sends nothing)
 * the demo's marked examples stand. Pages read `context.config.firm` through the root loader.
 */
let installed: FirmFacts = EXAMPLE_FIRM_FACTS;

export function installFirmFacts(facts: FirmFacts): void {
  installed = facts;
}

export function firmFacts(): FirmFacts {
  return installed;
}
