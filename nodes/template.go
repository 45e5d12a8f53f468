package nodes

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"reportengine/llm"
	"reportengine/prompts"
	"reportengine/templates"
)

// TemplateSelect chooses the report template (reference §6.1).
//
// With Name set it looks the template up and makes no model call (an
// unknown name is an error wrapping templates.ErrUnknown). Otherwise one
// call with prompts.TemplateSelectionInput, up to DefaultMaxAttempts times. When
// the reply is unusable or names no known template, the documented
// fallback applies: a known template name found anywhere in the reply text,
// else templates.Default; Fallback is then true and Problem says why.
// BettaFish matched an empty name to the first template in directory order
// and fell back to an empty free-style template (§8 #19); we never do.
type TemplateSelect struct {
	Model llm.Model // answers the calls of the LLM implementation; required unless Chooser is set
	Name  string    // "" = ask the model
	// Chooser is the model step; nil = the LLM implementation over Model.
	Chooser TemplateChooser
	// Temperature is sent with the call; nil = DefaultPlanTemperature.
	Temperature *float64
	// MaxOutputTokens is the model's completion maximum, in tokens (0 =
	// DefaultMaxOutputTokens); the call asks for at most 512.
	MaxOutputTokens int
}

// TemplateSelectInput is what the selection sees.
type TemplateSelectInput struct {
	Topic    string
	Excerpts []prompts.Excerpt   // short report excerpts (≈200 runes each)
	Graph    *prompts.GraphStats // nil without a graph
}

// TemplateSelectOutput is the chosen template.
type TemplateSelectOutput struct {
	Template templates.Template
	Reason   string // the model's reason, or the fallback's
	Fallback bool
	Problem  string // why the fallback was used (Err's message)
	Err      error  // the last call error behind the fallback (wraps llm.ErrNoJSON, …); nil otherwise
	Calls    int    // model calls made
	Requests int    // requests the model sent for them, retries included (llm.Response.Requests)
}

// Run selects the template. Errors: ctx errors, an unknown Name, and a
// model error for which the run must stop (llm.ErrAuth, llm.ErrBadRequest).
func (s TemplateSelect) Run(ctx context.Context, in TemplateSelectInput) (TemplateSelectOutput, error) {
	var out TemplateSelectOutput
	if s.Name != "" {
		t, err := templates.Lookup(s.Name)
		if err != nil {
			return out, fmt.Errorf("%s: %w", StageTemplate, err)
		}
		out.Template, out.Reason = t, "given by the user"
		return out, nil
	}
	list := templates.List()
	opts := make([]prompts.TemplateOption, len(list))
	for i, t := range list {
		opts[i] = prompts.TemplateOption{Name: t.Name, Description: t.Description}
	}
	input := prompts.TemplateSelectionInput{Task: prompts.TaskTemplateSelection, Query: in.Topic,
		Templates: opts, Excerpts: in.Excerpts, Graph: in.Graph}
	reply, res, err := cmp.Or[TemplateChooser](s.Chooser, llmTemplate{s}).ChooseTemplate(ctx, input)
	name, reason := strings.TrimSpace(reply.TemplateName), strings.TrimSpace(reply.SelectionReason)
	out.Calls, out.Requests = res.Calls, res.Requests
	if err != nil && (isCtxErr(err) || fatalStageErr(err)) {
		return out, err
	}
	if err == nil {
		if t, ok := matchTemplate(list, name); ok {
			out.Template, out.Reason = t, reason
			return out, nil
		}
		out.Err = fmt.Errorf("%s: the model chose %q, which is not a known template: %w", StageTemplate, name, templates.ErrUnknown)
	} else {
		out.Err = err
	}
	out.Fallback, out.Problem = true, out.Err.Error()
	if t, ok := templates.Select(res.Raw + "\n" + name); ok {
		out.Template, out.Reason = t, "fallback: the template name found in the model's reply"
		return out, nil
	}
	t, lerr := templates.Lookup(templates.Default)
	if lerr != nil {
		return out, fmt.Errorf("%s: default template: %w", StageTemplate, lerr)
	}
	out.Template, out.Reason = t, "fallback: the default template (the model's reply named no known template)"
	return out, nil
}

// llmTemplate is the LLM implementation of TemplateChooser: the system
// prompt systemTemplate and one JSON reply, read leniently (template_name,
// templateName, template or name; selection_reason, reason, …).
type llmTemplate struct{ s TemplateSelect }

func (l llmTemplate) ChooseTemplate(ctx context.Context, input prompts.TemplateSelectionInput) (prompts.TemplateSelectionReply, CallStats, error) {
	var reply prompts.TemplateSelectionReply
	call := jsonCall{model: l.s.Model, step: StageTemplate, system: systemTemplate, input: input,
		attempts: DefaultMaxAttempts, temp: temperature(l.s.Temperature, DefaultPlanTemperature),
		maxTokens: capTokens(templateReplyTokens, l.s.MaxOutputTokens)}
	res, err := call.runObject(ctx, func(m map[string]any) error {
		reply.TemplateName = asString(value(m, "template_name", "templateName", "template", "name"))
		if reply.TemplateName == "" {
			return fmt.Errorf("reply has no template_name")
		}
		reply.SelectionReason = asString(value(m, "selection_reason", "selectionReason", "reason", "explanation"))
		return nil
	})
	return reply, res, err
}

// matchTemplate finds name among the templates: exactly, or ignoring a
// ".md" suffix, surrounding spaces and the "模板" suffix. An empty name
// matches nothing.
func matchTemplate(list []templates.Template, name string) (templates.Template, bool) {
	norm := func(s string) string {
		s = strings.TrimSpace(s)
		s = strings.TrimSuffix(s, ".md")
		return strings.TrimSuffix(s, "模板")
	}
	n := norm(name)
	if n == "" {
		return templates.Template{}, false
	}
	if i := slices.IndexFunc(list, func(t templates.Template) bool { return norm(t.Name) == n }); i >= 0 {
		return list[i], true
	}
	return templates.Template{}, false
}

func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

const systemTemplate = `你是舆情报告的模板选择助手。用户消息是一个 JSON 对象（task = "template_selection"），包含报告主题 query、可选模板 templates（name 与 description）、各引擎报告的简短摘录 excerpts 以及知识图谱统计 graph。
请根据主题性质选择最合适的一个模板：企业品牌声誉、市场竞争格局、日常或定期监测、特定政策或行业动态、社会公共热点事件、突发事件与危机公关。拿不准时优先选择“社会公共热点事件分析报告模板”。
回复格式：{"template_name": "<templates 中某个 name，原样照抄>", "selection_reason": "<一两句理由>"}` + jsonRule
