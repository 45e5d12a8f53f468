package cli

import (
	"cmp"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/llm/openaicompat"
	"reportengine/nodes"
)

// Environment variables read by `report` (the first of each pair wins).
// The REPORT_ENGINE_* names are those BettaFish's ReportEngine uses.
const (
	envAPIKey      = "REPORT_ENGINE_API_KEY"
	envBaseURL     = "REPORT_ENGINE_BASE_URL"
	envModel       = "REPORT_ENGINE_MODEL_NAME"
	envOpenAIKey   = "OPENAI_API_KEY"
	envOpenAIBase  = "OPENAI_BASE_URL"
	envOpenAIModel = "OPENAI_MODEL"
	envTokenField  = "REPORT_ENGINE_MAX_TOKENS_FIELD"
	envMaxOutput   = "REPORT_ENGINE_MAX_OUTPUT_TOKENS"
	envReasoning   = "REPORT_ENGINE_REASONING_TOKENS"
	envTempPlan    = "REPORT_ENGINE_TEMPERATURE_PLAN"
	envTempProse   = "REPORT_ENGINE_TEMPERATURE_PROSE"
	defaultBaseURL = "https://api.openai.com/v1"
	defaultModel   = "gpt-4o-mini"
	// remotePromptTokens is the default --prompt-tokens for an
	// OpenAI-compatible server other than Ollama: about 20 000 tokens of
	// evidence per chapter, well inside the 64k–128k context of
	// GPT-4o, DeepSeek-V3 and Qwen2.5. The offline model and Ollama (whose
	// default context window is small) get nodes.DefaultPromptTokens.
	remotePromptTokens = 24000
	// remoteConcurrency is the default --concurrency for an
	// OpenAI-compatible server other than Ollama. A 6-chapter report's
	// calls run in four waves only with six slots or more (layout and
	// decisions, budget, the five chapters and the follow-up questions,
	// the summary chapter; at four slots the chapters take two waves):
	// with a model answering in 300 ms, 0.31 of the calls' time back to
	// back at 8 against 0.36 at 4 (docs/benchmarks.md). Hosted servers
	// take far more at once (Microsoft GraphRAG sends 25; their limits are
	// per minute, and a 429 is retried after its Retry-After). Ollama
	// answers at most OLLAMA_NUM_PARALLEL requests at once (4 or 1 by
	// default) and queues the rest inside the request's --timeout, so it
	// and the offline model keep nodes.DefaultConcurrency (4).
	remoteConcurrency = 8
)

// modelFromOptions picks the model: --llm offline, --llm openai, or auto
// (openai when an API key is configured, else offline).
func modelFromOptions(opts *reportOptions) (llm.Model, error) {
	env := func(names ...string) string { return firstEnv(opts.Getenv, names...) }
	key := env(envAPIKey, envOpenAIKey)
	mode := strings.ToLower(strings.TrimSpace(opts.LLM))
	switch {
	case mode == "offline", (mode == "auto" || mode == "") && key == "":
		m := offline.New()
		opts.settings = modelSettings(m.Info(), "", 0, "", false, false)
		return m, nil
	case mode != "openai" && mode != "auto" && mode != "":
		return nil, usagef("--llm %q: want offline, openai or auto", opts.LLM)
	}
	base := cmp.Or(opts.BaseURL, env(envBaseURL, envOpenAIBase))
	base, err := checkBaseURL(base, key, "--llm openai", "--base-url")
	if err != nil {
		return nil, err
	}
	name := cmp.Or(opts.Model, env(envModel, envOpenAIModel), defaultModel)
	fieldName := cmp.Or(opts.MaxTokensField, env(envTokenField))
	field, err := openaicompat.ParseTokenLimitField(fieldName)
	if err != nil {
		return nil, usagef("--max-tokens-field %q: want max_tokens or max_completion_tokens", fieldName)
	}
	u, _ := url.Parse(base) // checkBaseURL has parsed it
	maxOut, err := maxOutputTokens(opts, name, u.Host)
	if err != nil {
		return nil, err
	}
	reasoning, err := reasoningTokens(opts, name)
	if err != nil {
		return nil, err
	}
	m, err := openaicompat.New(openaicompat.Config{
		BaseURL:               base,
		APIKey:                key,
		Model:                 name,
		Timeout:               opts.Timeout,
		MaxOutputTokens:       maxOut,
		ReasoningTokens:       reasoning,
		TokenLimitField:       field,
		DisableResponseFormat: opts.NoRespFormat,
		DisableTemperature:    opts.NoTemperature,
		Switches:              modelSwitches(opts),
	})
	if err != nil {
		return nil, usageError{err}
	}
	opts.settings = modelSettings(m.Info(), base, reasoning, string(field), opts.NoRespFormat, opts.NoTemperature)
	return m, nil
}

// modelSwitches are the switches the command offers for the optional
// request parameters, named in the model's error hints: report's flags;
// the search commands (searchModel) have only the environment's token
// field.
func modelSwitches(opts *reportOptions) openaicompat.Switches {
	if opts.searchModel {
		return openaicompat.Switches{TokenLimitField: envTokenField}
	}
	return openaicompat.Switches{ResponseFormat: "--no-response-format", Temperature: "--no-temperature", TokenLimitField: "--max-tokens-field"}
}

// maxOutputTokens is the model's completion maximum, in tokens:
// --max-output-tokens, else REPORT_ENGINE_MAX_OUTPUT_TOKENS, else the
// documented default for the model (openaicompat.DefaultMaxOutputTokens).
// A negative or unreadable value is a usage error.
func maxOutputTokens(opts *reportOptions, model, host string) (int, error) {
	n := opts.MaxOutput
	if n < 0 {
		return 0, usagef("--max-output-tokens must be 0 (the model's default) or more, got %d", n)
	}
	if n == 0 {
		var err error
		if n, _, err = envTokens(opts.Getenv, envMaxOutput); err != nil {
			return 0, err
		}
	}
	return cmp.Or(n, openaicompat.DefaultMaxOutputTokens(model, host)), nil
}

// reasoningTokens is the allowance added to every call's output limit:
// --reasoning-tokens, else REPORT_ENGINE_REASONING_TOKENS, else
// openaicompat.DefaultReasoningTokens for the model. Negative or
// unreadable values are usage errors.
func reasoningTokens(opts *reportOptions, model string) (int, error) {
	if v := opts.Reasoning.v; v != nil {
		if *v < 0 {
			return 0, usagef("--reasoning-tokens must be 0 or more, got %d", *v)
		}
		return *v, nil
	}
	if n, ok, err := envTokens(opts.Getenv, envReasoning); ok || err != nil {
		return n, err
	}
	return openaicompat.DefaultReasoningTokens(model), nil
}

// envTokens reads a number of tokens (0 or more) from the environment
// variable name through getenv; ok is false when it is unset or blank,
// and a value that is not such a number is a usage error.
func envTokens(getenv func(string) string, name string) (n int, ok bool, err error) {
	s := firstEnv(getenv, name)
	if s == "" {
		return 0, false, nil
	}
	if n, err = strconv.Atoi(s); err != nil || n < 0 {
		return 0, false, usagef("%s=%q: want a number of tokens", name, s)
	}
	return n, true, nil
}

// limits are the per-model settings of the pipeline that `report` resolves
// from flags, environment and the model.
type limits struct {
	promptTokens int      // tokens per prompt
	concurrency  int      // model calls in flight
	maxOutput    int      // the model's completion maximum, tokens; 0 for the offline model
	plan, prose  *float64 // temperatures; nil = the pipeline's defaults
}

// stageLimits resolves the prompt budget (--prompt-tokens, else
// remotePromptTokens for an OpenAI-compatible server other than Ollama and
// nodes.DefaultPromptTokens for the offline model and Ollama), the calls
// in flight (--concurrency, else remoteConcurrency for such a server and
// nodes.DefaultConcurrency for the others), the output
// maximum and the two temperatures (flag, else REPORT_ENGINE_TEMPERATURE_PLAN
// / _PROSE, else the pipeline's defaults; 0 to 2).
func stageLimits(opts *reportOptions, info llm.Info) (limits, error) {
	var l limits
	l.promptTokens, l.concurrency = opts.PromptTokens, opts.Concurrency
	if info.Provider == openaicompat.ProviderName {
		n, err := maxOutputTokens(opts, info.Model, info.Host)
		if err != nil {
			return l, err
		}
		l.maxOutput = n
		if !openaicompat.IsOllama(info.Model, info.Host) {
			l.promptTokens = cmp.Or(l.promptTokens, remotePromptTokens)
			l.concurrency = cmp.Or(l.concurrency, remoteConcurrency)
		}
	}
	l.promptTokens = cmp.Or(l.promptTokens, nodes.DefaultPromptTokens)
	l.concurrency = cmp.Or(l.concurrency, nodes.DefaultConcurrency)
	for _, t := range []struct {
		flag   string
		env    string
		v      optionalFloat
		target **float64
	}{{"--temperature-plan", envTempPlan, opts.PlanTemp, &l.plan}, {"--temperature-prose", envTempProse, opts.ProseTemp, &l.prose}} {
		v, name := t.v.v, t.flag
		if v == nil {
			if s := firstEnv(opts.Getenv, t.env); s != "" {
				name = t.env
				f, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return l, usagef("%s=%q: want a number between 0 and 2", t.env, s)
				}
				v = &f
			}
		}
		if v != nil && !(*v >= 0 && *v <= 2) { // NaN too
			return l, usagef("%s %g: want a number between 0 and 2", name, *v)
		}
		*t.target = v
	}
	return l, nil
}

// optionalFloat is a float flag that can be left unset (nil).
type optionalFloat struct{ v *float64 }

func (o *optionalFloat) String() string {
	if o == nil || o.v == nil {
		return ""
	}
	return strconv.FormatFloat(*o.v, 'g', -1, 64)
}

func (o *optionalFloat) Set(s string) error {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return fmt.Errorf("want a number, got %q", s)
	}
	o.v = &f
	return nil
}

func (o *optionalFloat) Type() string { return "float" }

// optionalInt is an int flag that can be left unset (nil).
type optionalInt struct{ v *int }

func (o *optionalInt) String() string {
	if o == nil || o.v == nil {
		return ""
	}
	return strconv.Itoa(*o.v)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("want a whole number, got %q", s)
	}
	o.v = &n
	return nil
}

func (o *optionalInt) Type() string { return "int" }
