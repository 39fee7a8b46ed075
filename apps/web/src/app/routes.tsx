import type { RouteObject } from 'react-router';
import { OAuthCallbackPage } from '../features/accounts/oauth-callback-page';
import { ContactPage } from '../features/accounts/pages/contact-page';
import { FeedbackPage } from '../features/accounts/pages/feedback-page';
import { ProfilePage } from '../features/accounts/pages/profile-page';
import { SettingsPage } from '../features/accounts/pages/settings-page';
import { AdminHomePage } from '../features/admin/admin-home-page';
import { BroadcastPage } from '../features/admin/pages/broadcast-page';
import { CampaignsAdminPage } from '../features/admin/pages/campaigns-admin-page';
import { CirclesAdminPage } from '../features/admin/pages/circles-admin-page';
import { ReviewPage } from '../features/admin/pages/review-page';
import { ClipPage } from '../features/clip/clip-page';
import { CampaignPage } from '../features/community/pages/campaign-page';
import { CampaignsPage } from '../features/community/pages/campaigns-page';
import { CirclePage } from '../features/community/pages/circle-page';
import { CirclesPage } from '../features/community/pages/circles-page';
import { FavoritesPage } from '../features/community/pages/favorites-page';
import { DiscoverPage, ExplorePage } from '../features/community/pages/feed-page';
import { UserPage } from '../features/community/pages/user-page';
import { WorkPage } from '../features/community/pages/work-page';
import { CreditBillsPage } from '../features/credits/pages/credit-bills-page';
import { CreditPolicyPage } from '../features/credits/pages/credit-policy-page';
import { MemberPage } from '../features/credits/pages/member-page';
import { ImageStudioPage } from '../features/generate/pages/image-studio-page';
import { ModelStudioPage } from '../features/generate/pages/model-studio-page';
import { VideoStudioPage } from '../features/generate/pages/video-studio-page';
import { LandingPage } from '../features/landing/landing-page';
import { LibraryPage } from '../features/library/pages/library-page';
import { MediaDetailPage } from '../features/library/pages/media-detail-page';
import { InviteLandingPage } from '../features/invite/invite-landing-page';
import { InvitePage } from '../features/invite/invite-page';
import { SandboxCheckoutPage } from '../features/membership/checkout/sandbox-checkout-page';
import { MembershipOverview } from '../features/membership/member-centre/membership-overview';
import { PaymentHistory } from '../features/membership/member-centre/payment-history';
import { PayPage } from '../features/membership/pay-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { PaymentResultPage } from '../features/membership/result/payment-result-page';
import { StudioPage } from '../features/studio/studio-page';
import { AppLayout } from './layout/app-layout';
import { SiteLayout } from './layout/site-layout';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './route-error-page';

const handle = (value: RouteHandle): RouteHandle => value;

/**
 * Spec §2 routes. /studio and /pay are public so visitors can look around and compare plans;
 * the actions inside them (generating, paying) ask for a session when they arrive.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <SiteLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          { path: '/', element: <LandingPage />, handle: handle({ public: true }) },
          {
            path: '*',
            element: <NotFoundPage />,
            handle: handle({ public: true, titleKey: 'notFound.title' }),
          },
        ],
      },
      {
        element: <AppLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: '/home',
            id: 'home',
            element: <DiscoverPage />,
            handle: handle({ public: true, pageKey: 'home', titleKey: 'nav.home' }),
          },
          // Community (spec §2): feeds, works and people are open to visitors; acting asks for a session.
          {
            path: '/explore',
            element: <ExplorePage />,
            handle: handle({ public: true, pageKey: 'explore', titleKey: 'nav.explore' }),
          },
          {
            path: '/w/:workId',
            element: <WorkPage />,
            handle: handle({ public: true, pageKey: 'explore', titleKey: 'community.work.title' }),
          },
          {
            path: '/u/:userId',
            element: <UserPage />,
            handle: handle({
              public: true,
              pageKey: 'people',
              titleKey: 'community.profile.title',
            }),
          },
          {
            path: '/favorites',
            element: <FavoritesPage />,
            handle: handle({ pageKey: 'favorites', titleKey: 'nav.favorites' }),
          },
          {
            path: '/circles',
            element: <CirclesPage />,
            handle: handle({ public: true, pageKey: 'circles', titleKey: 'nav.circles' }),
          },
          {
            path: '/circles/:circleId',
            element: <CirclePage />,
            handle: handle({ public: true, pageKey: 'circles', titleKey: 'nav.circles' }),
          },
          {
            path: '/campaigns',
            element: <CampaignsPage />,
            handle: handle({ public: true, pageKey: 'campaigns', titleKey: 'nav.campaigns' }),
          },
          {
            path: '/campaigns/:cmpId',
            element: <CampaignPage />,
            handle: handle({ public: true, pageKey: 'campaigns', titleKey: 'nav.campaigns' }),
          },
          {
            path: '/notifications',
            element: <NotificationsPage />,
            handle: handle({ pageKey: 'notifications', titleKey: 'nav.notifications' }),
          },
          {
            path: '/studio',
            element: <StudioPage />,
            handle: handle({ public: true, pageKey: 'studio', titleKey: 'nav.studio' }),
          },
          // Open to visitors to look around; pressing Generate or uploading asks them to sign in.
          {
            path: '/studio/image',
            element: <ImageStudioPage />,
            handle: handle({
              public: true,
              pageKey: 'studio',
              titleKey: 'generate.studios.image.title',
            }),
          },
          {
            path: '/studio/video',
            element: <VideoStudioPage />,
            handle: handle({
              public: true,
              pageKey: 'studio',
              titleKey: 'generate.studios.video.title',
            }),
          },
          {
            path: '/studio/3d',
            element: <ModelStudioPage />,
            handle: handle({
              public: true,
              pageKey: 'studio',
              titleKey: 'generate.studios.3d.title',
            }),
          },
          {
            path: '/pay',
            id: 'pay',
            element: <PayPage />,
            handle: handle({ public: true, pageKey: 'pay', titleKey: 'nav.pay' }),
          },
          {
            path: '/pay/result',
            element: <PaymentResultPage />,
            handle: handle({ pageKey: 'pay', titleKey: 'membership.result.title' }),
          },
          {
            path: '/invite',
            element: <InvitePage />,
            handle: handle({ pageKey: 'account', titleKey: 'invite.title' }),
          },
          // Invite links land here signed out; the code is kept for sign-up.
          {
            path: '/invite/:code',
            element: <InviteLandingPage />,
            handle: handle({ public: true, pageKey: 'account', titleKey: 'invite.landing.title' }),
          },
          {
            path: '/clip',
            id: 'clip',
            element: <ClipPage />,
            handle: handle({ pageKey: 'clip', titleKey: 'clip.title' }),
          },
          {
            path: '/admin',
            element: <AdminHomePage />,
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'nav.admin' }),
          },
          {
            path: '/admin/review',
            element: <ReviewPage />,
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.review.title' }),
          },
          {
            path: '/admin/circles',
            element: <CirclesAdminPage />,
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.circles.title' }),
          },
          {
            path: '/admin/campaigns',
            element: <CampaignsAdminPage />,
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.campaigns.title' }),
          },
          {
            path: '/admin/notifications',
            element: <BroadcastPage />,
            handle: handle({ url: 'admin', pageKey: 'admin', titleKey: 'admin.broadcast.title' }),
          },
          // Account pages have no sidebar entry; their own page key leaves none highlighted.
          {
            path: '/account/profile',
            element: <ProfilePage />,
            handle: handle({ pageKey: 'account', titleKey: 'profile.title' }),
          },
          {
            path: '/account/settings',
            element: <SettingsPage />,
            handle: handle({ pageKey: 'account', titleKey: 'settings.title' }),
          },
          {
            path: '/feedback',
            element: <FeedbackPage />,
            handle: handle({ pageKey: 'account', titleKey: 'feedback.title' }),
          },
          {
            path: '/contact',
            element: <ContactPage />,
            handle: handle({ public: true, pageKey: 'contact', titleKey: 'contact.title' }),
          },
          {
            path: '/library',
            element: <LibraryPage />,
            handle: handle({ pageKey: 'library', titleKey: 'library.title' }),
          },
          {
            path: '/library/item/:taskId/:index',
            element: <MediaDetailPage />,
            handle: handle({ pageKey: 'library', titleKey: 'library.detail.title' }),
          },
          {
            path: '/account/credits',
            element: <CreditBillsPage />,
            handle: handle({ pageKey: 'account', titleKey: 'credits.bills.title' }),
          },
          {
            path: '/member',
            element: (
              <MemberPage membership={<MembershipOverview />} payments={<PaymentHistory />} />
            ),
            handle: handle({ pageKey: 'account', titleKey: 'member.title' }),
          },
          {
            path: '/credit-policy',
            element: <CreditPolicyPage />,
            handle: handle({
              public: true,
              pageKey: 'creditPolicy',
              titleKey: 'credits.policy.title',
            }),
          },
        ],
      },
      // The sandbox provider's hosted checkout stands alone, as a real provider's page would.
      {
        path: '/pay/checkout/:sessionId',
        element: <SandboxCheckoutPage />,
        handle: handle({ public: true, titleKey: 'membership.checkout.title' }),
      },
      ...(['discord', 'apple', 'facebook', 'google'] as const).map((provider) => ({
        path: `/login-${provider}`,
        element: <OAuthCallbackPage provider={provider} />,
        handle: handle({ public: true, titleKey: 'oauth.title' }),
      })),
    ],
  },
];
