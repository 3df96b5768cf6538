/**
 * The template as AWS's published tools see it (decision 053): the CDK synthesizes it unchanged
 * (`CfnInclude` types every resource against the CloudFormation specification), AWS's own
 * CloudFormation validator (`CloudFormationValidatePlugin`, aws-cdk-lib's bundled
 * @aws/cloudformation-validate: the registry's resource schemas and cfn-lint's rules) finds nothing
 * at warning level or above, and cdk-nag's AWS Solutions pack finds nothing that is not
 * acknowledged below with its reason.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  App,
  CloudFormationValidatePlugin,
  DefaultStackSynthesizer,
  Stack,
  Validations,
} from 'aws-cdk-lib/core';
import { CfnInclude } from 'aws-cdk-lib/cloudformation-include';
import type { IPolicyValidationPluginBeta1 } from 'aws-cdk-lib/core';

// cdk-nag's types name aws-cdk-lib's root, every service's declarations: the type check of the
// whole project took 9 s longer with them. Its one class is typed here instead.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { AwsSolutionsChecks } = require('cdk-nag') as {
  AwsSolutionsChecks: new (scope: App) => IPolicyValidationPluginBeta1;
};
import { LOCAL_PARAMETERS } from '../local/identity/pool-template';
import { TEMPLATE_PATH } from './template';

/** Each acknowledged rule, with why the template is right as it stands. */
const ACKNOWLEDGED = [
  {
    id: 'AwsSolutions-COG2',
    reason:
      'MFA is optional: creators turn two-step on themselves, and AWS: "Passwordless authentication flows aren\'t compatible with required multi-factor authentication"',
  },
  {
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: 'sns:Publish to a phone number (a text-message code) has no resource ARN to name',
  },
];

/** AWS's validator over one template file, every finding at warning level or above. */
function validate(file: string) {
  const plugin = new CloudFormationValidatePlugin();
  return plugin.validate({
    templatePaths: [file],
    stackTemplates: [{ templatePath: file }],
  } as unknown as Parameters<CloudFormationValidatePlugin['validate']>[0]);
}

test("AWS's CloudFormation validator finds nothing in the template as written", () => {
  const result = validate(TEMPLATE_PATH);
  expect(result.violations.map((v) => `${v.ruleName} ${v.severity}: ${v.description}`)).toEqual([]);
  expect(result.success).toBe(true);
});

test("AWS's validator refuses a property the resource schema lacks and a value it does not allow", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'infra-bad-'));
  try {
    const file = path.join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        Resources: {
          Pool: {
            Type: 'AWS::Cognito::UserPool',
            Properties: { MfaConfiguration: 'SOMETIMES', ReadAttributes: ['email'] },
          },
        },
      }),
    );
    const result = validate(file);
    expect(result.success).toBe(false);
    const found = result.violations.map((v) => v.description).join('\n');
    expect(found).toMatch(/'ReadAttributes' was unexpected/);
    expect(found).toMatch(/'SOMETIMES' is not one of/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('cdk-nag (AWS Solutions) finds only what is acknowledged above; the CDK keeps every resource', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'infra-synth-'));
  try {
    const app = new App({ outdir });
    const stack = new Stack(app, 'CreatorPool', {
      synthesizer: new DefaultStackSynthesizer({ generateBootstrapVersionRule: false }),
    });
    // Parameters as an operator gives them, so each rule sees values (cdk-nag cannot read a Ref).
    new CfnInclude(stack, 'Template', {
      templateFile: TEMPLATE_PATH,
      parameters: {
        ...LOCAL_PARAMETERS,
        SiteUrl: 'https://creators.example.com',
        FeaturePlan: 'PLUS',
        SessionHours: 12,
      },
    });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    // Nothing acknowledged here, so the run shows each rule that fires, and each must be one the
    // list above answers. (W8003: with the parameters fixed every condition is constant; the
    // template as written, conditions and all, is the validator's subject in the first test.)
    expect(() => app.synth()).toThrow();
    const report = JSON.parse(
      readFileSync(path.join(outdir, 'validation-report.json'), 'utf8'),
    ) as {
      pluginReports: { violations: { ruleName: string; severity: string }[] }[];
    };
    const fired = new Set(report.pluginReports.flatMap((p) => p.violations.map((v) => v.ruleName)));
    fired.delete('W8003');
    expect([...fired].sort()).toEqual(ACKNOWLEDGED.map((a) => a.id).sort());
    const synthesized = JSON.parse(
      readFileSync(path.join(outdir, 'CreatorPool.template.json'), 'utf8'),
    ) as { Resources: Record<string, { Type: string }> };
    expect(
      Object.values(synthesized.Resources)
        .map((r) => r.Type)
        .filter((t) => t !== 'AWS::CDK::Metadata')
        .sort(),
    ).toEqual([
      'AWS::Cognito::UserPool',
      'AWS::Cognito::UserPoolClient',
      'AWS::Cognito::UserPoolDomain',
      'AWS::Cognito::UserPoolIdentityProvider',
      'AWS::Cognito::UserPoolRiskConfigurationAttachment',
      'AWS::IAM::ManagedPolicy',
      'AWS::IAM::Role',
    ]);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});
