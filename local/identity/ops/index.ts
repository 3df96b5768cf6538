import {
  AdminCreateUser,
  AdminDeleteUser,
  AdminDisableUser,
  AdminEnableUser,
  AdminGetUser,
  AdminSetUserMFAPreference,
  AdminUpdateUserAttributes,
  AdminUserGlobalSignOut,
  GetUserPoolMfaConfig,
} from './admin';
import {
  GetTokensFromRefreshToken,
  GlobalSignOut,
  InitiateAuth,
  RespondToAuthChallenge,
  RevokeToken,
} from './auth';
import {
  AdminForgetDevice,
  AdminListDevices,
  AdminListUserAuthEvents,
  ConfirmDevice,
  ForgetDevice,
  GetDevice,
  ListDevices,
  UpdateDeviceStatus,
} from './devices';
import { ListUsers } from './list-users';
import { AssociateSoftwareToken, SetUserMFAPreference, VerifySoftwareToken } from './mfa';
import {
  CompleteWebAuthnRegistration,
  DeleteWebAuthnCredential,
  GetUserAuthFactors,
  ListWebAuthnCredentials,
  StartWebAuthnRegistration,
} from './passkeys';
import { ChangePassword, ConfirmForgotPassword, ForgotPassword } from './password';
import {
  DeleteUser,
  DeleteUserAttributes,
  GetUser,
  GetUserAttributeVerificationCode,
  UpdateUserAttributes,
  VerifyUserAttribute,
} from './profile';
import type { Operation } from './shared';
import { ConfirmSignUp, ResendConfirmationCode, SignUp } from './signup';

/** Every operation this pool answers, by its X-Amz-Target name. */
export const OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  Object.entries({
    SignUp,
    ConfirmSignUp,
    ResendConfirmationCode,
    InitiateAuth,
    RespondToAuthChallenge,
    GetTokensFromRefreshToken,
    ForgotPassword,
    ConfirmForgotPassword,
    ChangePassword,
    GetUser,
    UpdateUserAttributes,
    DeleteUserAttributes,
    GetUserAttributeVerificationCode,
    VerifyUserAttribute,
    DeleteUser,
    GlobalSignOut,
    RevokeToken,
    AssociateSoftwareToken,
    VerifySoftwareToken,
    SetUserMFAPreference,
    StartWebAuthnRegistration,
    CompleteWebAuthnRegistration,
    ListWebAuthnCredentials,
    DeleteWebAuthnCredential,
    GetUserAuthFactors,
    AdminCreateUser,
    AdminGetUser,
    AdminSetUserMFAPreference,
    AdminUpdateUserAttributes,
    AdminDeleteUser,
    AdminDisableUser,
    AdminEnableUser,
    AdminUserGlobalSignOut,
    ListUsers,
    ConfirmDevice,
    GetDevice,
    ListDevices,
    UpdateDeviceStatus,
    ForgetDevice,
    AdminListDevices,
    AdminForgetDevice,
    AdminListUserAuthEvents,
    GetUserPoolMfaConfig,
  }),
);
