import {
  avatarBodySchema,
  avatarResultSchema,
  bindEmailBodySchema,
  bindPhoneBodySchema,
  contactBodySchema,
  createdSchema,
  deleteAccountBodySchema,
  deleteAccountResultSchema,
  feedbackBodySchema,
  profileCheckSchema,
  profileSchema,
  publicProfileParamsSchema,
  publicProfileSchema,
  settingsSchema,
  surveyBodySchema,
  updateProfileBodySchema,
  updateSettingsBodySchema,
} from '@lumen/contracts/account';
import { envelopeSchema } from '@lumen/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { clearSessionCookies } from '../auth/auth.plugin';
import type { AccountService } from './account.service';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (
  app,
  { service },
) => {
  const userId = async (request: { requireAuth(): Promise<{ user: { id: number } }> }) =>
    (await request.requireAuth()).user.id;

  app.get(
    '/prod-api/user/profile',
    { schema: { tags, summary: 'My profile', response: { 200: envelopeSchema(profileSchema) } } },
    async (request) => ok(await service.getProfile(await userId(request))),
  );
  app.put(
    '/prod-api/user/profile',
    {
      schema: {
        tags,
        summary: 'Change profile fields (only those sent)',
        body: updateProfileBodySchema,
        response: { 200: envelopeSchema(profileSchema) },
      },
    },
    async (request) => ok(await service.updateProfile(await userId(request), request.body)),
  );
  app.post(
    '/prod-api/user/avatar',
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Upload a new avatar (png, jpg or webp as a data URL)',
        body: avatarBodySchema,
        response: { 200: envelopeSchema(avatarResultSchema) },
      },
    },
    async (request) => ok(await service.setAvatar(await userId(request), request.body.image)),
  );
  app.delete(
    '/prod-api/user/avatar',
    {
      schema: {
        tags,
        summary: 'Remove the avatar: the initial of the name shows instead',
        response: { 200: envelopeSchema(avatarResultSchema) },
      },
    },
    async (request) => ok(await service.removeAvatar(await userId(request))),
  );
  app.post(
    '/prod-api/user/phone/bind',
    {
      schema: {
        tags,
        summary: 'Bind a phone number, proven by a code sent with purpose "bind"',
        body: bindPhoneBodySchema,
        response: { 200: envelopeSchema(profileSchema) },
      },
    },
    async (request) =>
      ok(await service.bindPhone(await userId(request), request.body.phone, request.body.captcha)),
  );
  app.post(
    '/prod-api/user/email/bind',
    {
      schema: {
        tags,
        summary: 'Prove an e-mail address with a code sent with purpose "bind", and make it mine',
        body: bindEmailBodySchema,
        response: { 200: envelopeSchema(profileSchema) },
      },
    },
    async (request) =>
      ok(await service.bindEmail(await userId(request), request.body.email, request.body.captcha)),
  );
  app.get(
    '/prod-api/user/settings',
    { schema: { tags, summary: 'My settings', response: { 200: envelopeSchema(settingsSchema) } } },
    async (request) => ok(await service.getSettings(await userId(request))),
  );
  app.put(
    '/prod-api/user/settings',
    {
      schema: {
        tags,
        summary: 'Change e-mail notice settings and the language e-mails are written in',
        body: updateSettingsBodySchema,
        response: { 200: envelopeSchema(settingsSchema) },
      },
    },
    async (request) => ok(await service.updateSettings(await userId(request), request.body)),
  );
  app.get(
    '/prod-api/content/user/profile/check',
    {
      schema: {
        tags,
        summary: 'Whether the collect-account-info wizard should be shown',
        response: { 200: envelopeSchema(profileCheckSchema) },
      },
    },
    async (request) => ok(await service.profileCheck(await userId(request))),
  );
  app.post(
    '/prod-api/user/survey',
    {
      schema: {
        tags,
        summary: 'Submit the 3-step survey: occupation, purposes, interests',
        body: surveyBodySchema,
        response: { 200: envelopeSchema(profileCheckSchema) },
      },
    },
    async (request) => ok(await service.submitSurvey(await userId(request), request.body)),
  );
  app.post(
    '/prod-api/user/delete',
    {
      schema: {
        tags,
        summary: 'Delete my account; the body must carry the phrase "Delete My Account"',
        body: deleteAccountBodySchema,
        response: { 200: envelopeSchema(deleteAccountResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await service.deleteAccount(await userId(request), request.body.phrase);
      clearSessionCookies(reply);
      return ok(result);
    },
  );
  app.post(
    '/prod-api/user/feedback',
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Send feedback with an optional screenshot',
        body: feedbackBodySchema,
        response: { 200: envelopeSchema(createdSchema) },
      },
    },
    async (request) => {
      const auth = await request.optionalAuth();
      return ok(await service.submitFeedback(auth?.user.id ?? null, request.body));
    },
  );
  app.post(
    '/prod-api/user/contact',
    {
      schema: {
        tags,
        summary: 'Contact us',
        body: contactBodySchema,
        response: { 200: envelopeSchema(createdSchema) },
      },
    },
    async (request) => {
      const auth = await request.optionalAuth();
      return ok(await service.submitContact(auth?.user.id ?? null, request.body));
    },
  );
  // The router tries static paths before parametric ones, so the named GET /prod-api/user/...
  // calls (info, profile, settings) keep answering; those words are not reachable as usernames.
  app.get(
    '/prod-api/user/:segment',
    {
      schema: {
        tags,
        summary: "Anyone's public profile by username (no e-mail, no phone)",
        params: publicProfileParamsSchema,
        response: { 200: envelopeSchema(publicProfileSchema) },
      },
    },
    async (request) => ok(await service.getPublicProfile(request.params.segment)),
  );
};
