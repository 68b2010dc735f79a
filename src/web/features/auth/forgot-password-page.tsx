import { useState } from 'react';
import { Link } from 'react-router-dom';
import { forgotPasswordSchema, PRODUCT_MESSAGES, ROUTES } from '../../../domain/index.ts';
import { useSubmitWithToast } from '../../components/submit-with-toast.ts';
import { TextField } from '../../components/text-field.tsx';
import { useZodForm } from '../../components/use-zod-form.ts';
import { requestPasswordReset } from '../../data/server/recovery.ts';
import { AuthCard } from './auth-card.tsx';

const RESET_REQUEST_FAILED = 'The reset link could not be requested. Please try again.';

/**
 * /forgot-password: asks for a reset link. The answer is the same whether or not the address has
 * an account, so the page tells nobody which addresses are registered.
 */
export function ForgotPasswordPage() {
  const submit = useSubmitWithToast();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    // said on the page, where it stays while the user checks their mail
    if (await submit(() => requestPasswordReset(email), { failed: RESET_REQUEST_FAILED })) setSent(true);
  });

  return (
    <AuthCard
      title="Forgot Password"
      intro="\n          Enter the email of your account and we will send you a link to choose a new password.\n        "
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Forgot password">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send Reset Link'}
        </button>
      </form>
      <p className="center muted" role="status">
        {sent ? PRODUCT_MESSAGES.resetLinkSent : ''}
      </p>
      <p className="center">
        Remembered it? <Link to={ROUTES.login.path}>Log in</Link>
      </p>
    </AuthCard>
  );
}
