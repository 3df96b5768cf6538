import { modelViolations, serviceModel } from './service-model';

/** The check every conformance answer goes through finds what AWS's model refuses. */

test('the pinned model is the cognito-idp JSON API', () => {
  expect(serviceModel().metadata.apiVersion).toBe('2016-04-18');
  expect(Object.keys(serviceModel().operations)).toContain('InitiateAuth');
});

test('a value outside an enum, a member the model lacks, a missing required one', () => {
  expect(
    modelViolations('AdminListUserAuthEvents', 200, {
      AuthEvents: [
        { ChallengeResponses: [{ ChallengeName: 'Device', ChallengeResponse: 'Success' }] },
      ],
    }),
  ).toEqual([
    'AdminListUserAuthEvents.AuthEvents[0].ChallengeResponses[0].ChallengeName: "Device" is not one of ChallengeName\'s values',
  ]);
  expect(modelViolations('GetUser', 200, { Username: 'a', UserAttributes: [], Extra: 1 })).toEqual([
    'GetUser.Extra: not a member of GetUserResponse',
  ]);
  expect(modelViolations('GetUser', 200, { UserAttributes: [] })).toEqual([
    'GetUser.Username: required by GetUserResponse',
  ]);
  expect(
    modelViolations('AdminGetUser', 200, { Username: 'a', UserCreateDate: '2026-01-01' }),
  ).toEqual(['AdminGetUser.UserCreateDate: DateType should be epoch seconds']);
});

test('an error the operation does not declare; common AWS errors pass', () => {
  expect(modelViolations('RevokeToken', 400, { __type: 'NotAuthorizedException' })).toEqual([
    'RevokeToken: NotAuthorizedException is not among its declared errors',
  ]);
  expect(modelViolations('InitiateAuth', 400, { __type: 'NotAuthorizedException' })).toEqual([]);
  expect(modelViolations('AdminGetUser', 400, { __type: 'AccessDeniedException' })).toEqual([]);
});

test('lengths and patterns', () => {
  const long = 'x'.repeat(3000);
  expect(
    modelViolations('InitiateAuth', 200, { Session: long, ChallengeParameters: {} }).join(),
  ).toMatch(/length 3000 over SessionType's maximum 2048/);
});
