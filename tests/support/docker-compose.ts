import { spawnSync } from "node:child_process";
import type { TestService } from "./test-services";

/**
 * Debian's docker-compose 1.29 (`.ci/run` installs it, like PostgreSQL): its `config`
 * validates a compose file without a Docker daemon, which these machines lack. It brings
 * Debian's PyYAML (python3-yaml, one of its dependencies), which the tests use to read
 * YAML: no YAML parser is among the project's packages.
 */

/** The Python that docker-compose itself runs on (its `#!/usr/bin/python3`), with PyYAML. */
export const PYTHON_WITH_YAML = process.env.TEST_PYTHON_YAML || "/usr/bin/python3";

const runs = (command: string, args: string[]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

export const dockerComposeService = (): TestService => {
  const command = process.env.TEST_DOCKER_COMPOSE || "docker-compose";
  return {
    name: "Debian's docker-compose 1.29 and its PyYAML (apt-get install docker-compose; bash .ci/run installs it)",
    variable: "TEST_DOCKER_COMPOSE",
    value: runs(command, ["version"]) && runs(PYTHON_WITH_YAML, ["-c", "import yaml"]) ? command : undefined,
  };
};

/** Why the tests that need it were skipped, in words that say what to install. */
export const dockerComposeMissing = (service: TestService) =>
  `needs ${service.name}: no docker-compose (or ${service.variable}) that runs, or no yaml module in ${PYTHON_WITH_YAML}`;

/** Every document of each YAML text, parsed by PyYAML's safe loader (no custom tags). */
export function parseYaml(text: string): unknown[] {
  const result = spawnSync(
    PYTHON_WITH_YAML,
    ["-c", "import json, sys, yaml; json.dump(list(yaml.safe_load_all(sys.stdin)), sys.stdout)"],
    { input: text, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`not valid YAML:\n${result.stderr}`);
  return JSON.parse(result.stdout) as unknown[];
}
