import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  forgotPasswordSchema,
  PRODUCT_MESSAGES,
  ROUTES,
  type ForgotPasswordInput,
} from '../../../domain/index.ts';
import { TextField } from '../../components/text-field.tsx';
import { useToast } from '../../components/toast.tsx';
import { errorMessage } from '../../data/client.ts';
import { requestPasswordReset } from '../../data/recovery.ts';
import { AuthCard } from './auth-card.tsx';

const RESET_REQUEST_FAILED = 'The reset link could not be requested. Please try again.';

/**
 * /forgot-password: asks for a reset link. The answer is the same whether or not the address has
 * an account, so the page tells nobody which addresses are registered.
 */
export function ForgotPasswordPage() {
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      // said on the page, where it stays while the user checks their mail
      setSent(true);
    } catch (error) {
      toast.error(errorMessage(error, RESET_REQUEST_FAILED));
    }
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
